import { afterEach, describe, expect, it } from 'vitest';
import { validateCommand } from '../../../engine/content/validateCommand.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { makeTempProject, projectRoot } from '../../../tooling/projectCopy.ts';

/** 1-based line of the first occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" not found`);
  return text.slice(0, index).split('\n').length;
}

let temp: ReturnType<typeof makeTempProject> | undefined;
afterEach(() => {
  temp?.remove();
  temp = undefined;
});

describe('the content of this repository', () => {
  it('is valid', () => {
    const result = validateContent(projectRoot);
    expect(result.problems).toEqual([]);
    expect(result.model?.pages.length).toBeGreaterThan(0);
  });
});

describe('a page file holding null', () => {
  it('is one problem of its own, not a crash of the validator (the editor answered 500 for it)', () => {
    const result = validateContent(projectRoot, { overlay: new Map([['pages/internship/law.json', 'null\n']]) });
    expect(result.problems.filter((p) => p.file === 'pages/internship/law.json').map((p) => p.code)).toContain('WRONG_TYPE');
  });
});

describe('a page broken three ways', () => {
  it('names a misspelt section type, with the nearest valid one', () => {
    temp = makeTempProject();
    temp.edit('pages/404.json', (t) => t.replace('"type": "hero"', '"type": "heroo"'));
    const text = temp.read('pages/404.json');
    const [problem] = validateContent(temp.root).problems;
    expect(problem).toMatchObject({ code: 'UNKNOWN_SECTION_TYPE', file: 'pages/404.json', line: lineOf(text, '"heroo"'), pointer: '/sections/0/type' });
    expect(problem!.message).toContain('There is no section type "heroo". Did you mean "hero"?');
  });

  it('names a stipend written as text, and says how to write it', () => {
    temp = makeTempProject();
    temp.edit('pages/internship/law.json', (t) => t.replace('"stipend": 6000', '"stipend": "6000/month"'));
    const text = temp.read('pages/internship/law.json');
    const problems = validateContent(temp.root).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'WRONG_TYPE',
      file: 'pages/internship/law.json',
      line: lineOf(text, '"6000/month"'),
      pointer: '/sections/0/roles/0/details/stipend',
    });
    expect(problems[0]!.message).toBe('"stipend" must be a whole number such as 6000, not the text "6000/month".');
    expect(problems[0]!.hint).toBe('Write 6000 without quotes, ₹ sign, commas or words.');
  });

  it('names an id that points at nothing', () => {
    temp = makeTempProject();
    temp.edit('pages/internship/law.json', (t) => t.replace('"sanaKhanLaw"', '"sanaKhanLow"'));
    const text = temp.read('pages/internship/law.json');
    const problems = validateContent(temp.root).problems;
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      code: 'UNKNOWN_REFERENCE',
      file: 'pages/internship/law.json',
      line: lineOf(text, '"sanaKhanLow"'),
      pointer: '/sections/1/testimonialIds/2',
    });
    expect(problems[0]!.message).toContain('Did you mean "sanaKhanLaw"?');
  });

  it('makes `npm run validate` print file:line:column and the pointer, and exit non-zero', () => {
    temp = makeTempProject();
    temp.edit('pages/internship/law.json', (t) => t.replace('"stipend": 6000', '"stipend": "6000/month"').replace('"sanaKhanLaw"', '"sanaKhanLow"'));
    temp.edit('pages/404.json', (t) => t.replace('"type": "hero"', '"type": "heroo"'));
    const law = temp.read('pages/internship/law.json');
    let output = '';
    // What scripts/validate.ts runs, in this process.
    const status = validateCommand(temp.root, { out: (line) => (output += `${line}\n`), err: (line) => (output += `${line}\n`) });
    expect(status).toBe(1);
    expect(output).toContain(`pages/internship/law.json:${lineOf(law, '"6000/month"')}:`);
    expect(output).toContain('/sections/0/roles/0/details/stipend');
    expect(output).toContain(`pages/internship/law.json:${lineOf(law, '"sanaKhanLow"')}:`);
    expect(output).toContain('/sections/1/testimonialIds/2');
    expect(output).toMatch(/pages\/404\.json:\d+:\d+ {2}\/sections\/0\/type/);
    expect(output).toContain('3 content problems in 2 files');
  });
});
