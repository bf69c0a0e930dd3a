import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, problemCatalogue } from '../../../engine/content/problems.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { loadSchemaStore } from '../../../engine/shared/schemaStore.ts';
import { makeTempProject, projectRoot } from '../../../tooling/projectCopy.ts';
import { developerWords } from '../../support/staffWords.ts';

/** A change to a file the project copy already has: the first `find` becomes `replace`. */
interface Edit {
  find: string;
  replace: string;
}

/** One mistake, made in a copy of the project; see the $comment of mistakes.json. */
interface Mistake {
  /** A file of tests/fixtures/invalid, named for what is wrong; its text becomes the whole file at `placeAt`. */
  fixture?: string;
  /** What is wrong, for a mistake made by `edit` or `remove` rather than by a fixture file. */
  name?: string;
  /** Where the mistake is made, and the file the problem must name (default pages/mistake.json). */
  placeAt?: string;
  edit?: Edit;
  /** The file at `placeAt` is deleted. */
  remove?: boolean;
  /** A rule added to a schema for this mistake (for INVALID_CONTENT: a rule the messages have no words for). */
  schemaEdit?: Edit & { file: string };
  /** Checked as a production build checks: a text still holding the template's ✎ and a placeholder link are errors. */
  production?: boolean;
  /** A warning, not an error (a stale translation): nothing is refused, and the warning is the one reported in the file. */
  warning?: boolean;
  code: string;
  /** Text on the line the problem must name (searched from the edit, when there is one); line 1 when absent. */
  at?: string;
  /** Lines to add to the line of `at` (-1: the opening brace of an object that lacks a property). */
  line?: number;
  message: string;
  fix: string;
}

const dir = path.join(projectRoot, 'tests', 'fixtures', 'invalid');
const { mistakes } = JSON.parse(fs.readFileSync(path.join(dir, 'mistakes.json'), 'utf8')) as { mistakes: Mistake[] };
const nameOf = (m: Mistake) => m.fixture ?? m.name ?? '(unnamed)';

function replaceOnce(text: string, { find, replace }: Edit, where: string): { text: string; index: number } {
  const index = text.indexOf(find);
  if (index < 0) throw new Error(`${JSON.stringify(find)} is not in ${where}`);
  return { text: text.slice(0, index) + replace + text.slice(index + find.length), index };
}

describe('authoring mistakes are reported with the file, the line and the fix', () => {
  let temp: ReturnType<typeof makeTempProject>;
  // As a production build with no release live checks: every placeholder link, and every use of one, stops it.
  const production = { templateText: 'error', placeholderLinks: 'publish' } as const;
  const keyOf = (p: { file: string; pointer: string; code: string }) => `${p.file}|${p.pointer}|${p.code}`;
  /** What a production check finds in the project as it is (its form links, marked as placeholders): not the mistake's doing. */
  let productionBaseline: Set<string>;
  /** How each problem reads in the content editor: before issue 26 its JSON words and "Go to line N", now its form words. */
  const editorWords = { problems: 0, before: 0, after: 0 };
  afterAll(() => {
    temp.remove();
    console.log(
      `problem texts in the editor: ${editorWords.before} of ${editorWords.problems} named a property, a file or a line before (the JSON words and "Go to line N") → ${editorWords.after} now (the form's words)`,
    );
  });
  beforeAll(() => {
    temp = makeTempProject('mistakes-');
    productionBaseline = new Set(validateContent(temp.root, production).problems.map(keyOf));
  });

  /** Makes a mistake in the project copy; returns the text of the file the problem must name, where to look for `at`, and an undo. */
  function makeMistake(m: Mistake): { target: string; text: string; from: number; undo(): void } {
    const target = m.placeAt ?? 'pages/mistake.json';
    const files = [target, ...(m.schemaEdit ? [m.schemaEdit.file] : [])];
    const before = new Map(files.map((rel) => [rel, fs.existsSync(path.join(temp.root, rel)) ? temp.read(rel) : undefined]));
    const undo = () => {
      for (const [rel, text] of before) {
        if (text === undefined) fs.rmSync(path.join(temp.root, rel), { force: true });
        else temp.write(rel, text);
      }
      // The schema store is cached by folder; a changed schema must not outlive its mistake.
      if (m.schemaEdit) loadSchemaStore(path.join(temp.root, 'schemas'), { fresh: true });
    };
    try {
      if (m.schemaEdit) temp.edit(m.schemaEdit.file, (t) => replaceOnce(t, m.schemaEdit!, m.schemaEdit!.file).text);
      if (m.remove) {
        fs.rmSync(path.join(temp.root, target));
        return { target, text: '', from: 0, undo };
      }
      if (m.edit) {
        const edited = replaceOnce(temp.read(target), m.edit, target);
        temp.write(target, edited.text);
        return { target, text: edited.text, from: edited.index, undo };
      }
      const text = fs.readFileSync(path.join(dir, m.fixture!), 'utf8');
      temp.write(target, text);
      return { target, text, from: 0, undo };
    } catch (error) {
      undo();
      throw error;
    }
  }

  it('has one well-formed entry per mistake, and every fixture file is used', () => {
    for (const m of mistakes) {
      const ways = [m.fixture, m.edit, m.remove].filter(Boolean).length;
      expect(ways, `${nameOf(m)}: a fixture, an edit or a removal`).toBe(1);
      expect(Boolean(m.fixture) !== Boolean(m.name), `${nameOf(m)}: a fixture file, or a name for an edit or removal`).toBe(true);
      if (m.fixture) expect(fs.existsSync(path.join(dir, m.fixture)), m.fixture).toBe(true);
    }
    const used = new Set(mistakes.map((m) => m.fixture));
    const unused = fs.readdirSync(dir).filter((f) => f !== 'mistakes.json' && !used.has(f));
    expect(unused, 'fixture files that mistakes.json does not list').toEqual([]);
    expect(new Set(mistakes.map(nameOf)).size, 'names are unique').toBe(mistakes.length);
  });

  it('has a fixture for every code of the catalogue, and names no other code', () => {
    const catalogue = Object.keys(problemCatalogue).sort();
    const covered = new Set(mistakes.map((m) => m.code));
    expect(
      catalogue.filter((code) => !covered.has(code)),
      'codes without a fixture in mistakes.json',
    ).toEqual([]);
    expect(
      [...covered].filter((code) => !catalogue.includes(code)),
      'codes in mistakes.json that the catalogue does not have',
    ).toEqual([]);
  });

  it.each(mistakes.map((m) => [nameOf(m), m] as const))('%s', (_name, mistake) => {
    const { target, text, from, undo } = makeMistake(mistake);
    try {
      const result = validateContent(temp.root, { freshSchemas: Boolean(mistake.schemaEdit), ...(mistake.production ? production : {}) });
      if (mistake.warning) expect(result.problems.map(formatProblem)).toEqual([]);
      const found = mistake.warning ? result.warnings.filter((w) => w.file === target) : result.problems;
      const problems = mistake.production ? found.filter((p) => !productionBaseline.has(keyOf(p))) : found;
      let line = 1;
      if (mistake.at !== undefined) {
        const index = text.indexOf(mistake.at, from);
        expect(index, `"${mistake.at}" is in ${target}`).toBeGreaterThanOrEqual(0);
        line = text.slice(0, index).split('\n').length + (mistake.line ?? 0);
      }
      expect(problems, problems.map(formatProblem).join('\n')).toHaveLength(1);
      const [problem] = problems;
      expect(problem).toMatchObject({ code: mistake.code, file: target, line });
      expect(problem!.message).toContain(mistake.message);
      expect(problem!.hint).toContain(mistake.fix);
      const printed = formatProblem(problem!);
      expect(printed).toContain(`${target}:${line}:${problem!.column}`);
      expect(printed).toContain(`[${mistake.code}]`);
      expect(printed).toContain(`Fix: ${problem!.hint}`);
      // The same problem in the editor's form says where by the field it is shown beside, never by key, file or line.
      const form = `${problem!.form.message} ${problem!.form.hint ?? ''}`;
      editorWords.problems++;
      if (developerWords(`${problem!.message} Fix: ${problem!.hint ?? ''} Go to line ${problem!.line}`).length) editorWords.before++;
      if (developerWords(form).length) editorWords.after++;
      expect(developerWords(form), form).toEqual([]);
    } finally {
      undo();
    }
  });

  it('reports every mistake of a run, not only the first', () => {
    temp.write('pages/mistake.json', fs.readFileSync(path.join(dir, 'misspelt-section-type.json'), 'utf8'));
    temp.write('pages/mistake-two.json', fs.readFileSync(path.join(dir, 'missing-image.json'), 'utf8').replace('/mistake-page', '/mistake-page-two'));
    temp.write('pages/mistake-three.json', fs.readFileSync(path.join(dir, 'trailing-comma.json'), 'utf8').replace('/mistake-page', '/mistake-page-three'));
    const { problems } = validateContent(temp.root);
    expect(problems.map((p) => `${p.file} ${p.code}`).sort()).toEqual([
      'pages/mistake-three.json JSON_TRAILING_COMMA',
      'pages/mistake-two.json MISSING_FILE',
      'pages/mistake.json UNKNOWN_SECTION_TYPE',
    ]);
    for (const rel of ['pages/mistake.json', 'pages/mistake-two.json', 'pages/mistake-three.json']) fs.rmSync(path.join(temp.root, rel));
  });
});
