import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../../engine/content/problems.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { makeTempProject, projectRoot } from '../../../tooling/projectCopy.ts';

interface Mistake {
  fixture: string;
  code: string;
  /** Text on the line the message must name. */
  at: string;
  /** Lines before `at` (the opening brace of an object that lacks a property). */
  line?: number;
  message: string;
  fix: string;
}

const dir = path.join(projectRoot, 'tests', 'fixtures', 'invalid');
const { mistakes } = JSON.parse(fs.readFileSync(path.join(dir, 'mistakes.json'), 'utf8')) as { mistakes: Mistake[] };

describe('authoring mistakes are reported with the file, the line and the fix', () => {
  let temp: ReturnType<typeof makeTempProject>;
  beforeAll(() => {
    temp = makeTempProject('mistakes-');
  });
  afterAll(() => temp.remove());

  it('covers at least 15 mistakes, each with its fixture', () => {
    expect(mistakes.length).toBeGreaterThanOrEqual(15);
    for (const m of mistakes) expect(fs.existsSync(path.join(dir, m.fixture)), m.fixture).toBe(true);
  });

  it.each(mistakes)('$fixture', (mistake) => {
    const text = fs.readFileSync(path.join(dir, mistake.fixture), 'utf8');
    temp.write('pages/mistake.json', text);
    const { problems } = validateContent(temp.root);
    const index = text.indexOf(mistake.at);
    expect(index, `"${mistake.at}" is in ${mistake.fixture}`).toBeGreaterThanOrEqual(0);
    const line = text.slice(0, index).split('\n').length + (mistake.line ?? 0);
    expect(problems, problems.map(formatProblem).join('\n')).toHaveLength(1);
    const [problem] = problems;
    expect(problem).toMatchObject({ code: mistake.code, file: 'pages/mistake.json', line });
    expect(problem!.message).toContain(mistake.message);
    expect(problem!.hint).toContain(mistake.fix);
    const printed = formatProblem(problem!);
    expect(printed).toContain(`pages/mistake.json:${line}:${problem!.column}`);
    expect(printed).toContain(`Fix: ${problem!.hint}`);
  });

  it('reports every mistake of a run, not only the first', () => {
    temp.write('pages/mistake.json', fs.readFileSync(path.join(dir, 'misspelt-section-type.json'), 'utf8'));
    temp.write('pages/mistake-two.json', fs.readFileSync(path.join(dir, 'missing-image.json'), 'utf8').replace('/mistake-page', '/mistake-page-two'));
    temp.write('pages/mistake-three.json', fs.readFileSync(path.join(dir, 'trailing-comma.json'), 'utf8').replace('/mistake-page', '/mistake-page-three'));
    const { problems } = validateContent(temp.root);
    expect(problems.map((p) => `${p.file} ${p.code}`).sort()).toEqual(['pages/mistake-three.json JSON_TRAILING_COMMA', 'pages/mistake-two.json MISSING_FILE', 'pages/mistake.json UNKNOWN_SECTION_TYPE']);
    fs.rmSync(path.join(temp.root, 'pages/mistake-two.json'));
    fs.rmSync(path.join(temp.root, 'pages/mistake-three.json'));
  });
});
