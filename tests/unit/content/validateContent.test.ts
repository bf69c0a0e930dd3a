import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../../engine/content/validateCommand.ts';
import { validateContent } from '../../../engine/content/validateContent.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';

/** 1-based line of the first occurrence of `needle` in `text`. */
function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`"${needle}" not found`);
  return text.slice(0, index).split('\n').length;
}

describe('the content of this repository', () => {
  it('is valid', () => {
    const result = validateContent(projectRoot);
    expect(result.problems).toEqual([]);
    expect(result.model?.pages.length).toBeGreaterThan(0);
  });
});

/**
 * A file of the project as a change would leave it, handed to the validator in place of the one on disk (as the content
 * editor hands it a document being written) instead of written into a copy of the project: the same checks, without a
 * copy and a fresh schema store for each. The files on disk are what "is valid" reads.
 */
function broken(rel: string, change: (text: string) => string): string {
  const text = change(fs.readFileSync(path.join(projectRoot, rel), 'utf8'));
  expect(text).not.toBe(fs.readFileSync(path.join(projectRoot, rel), 'utf8'));
  return text;
}
describe('a page file holding null', () => {
  it('is one problem of its own, not a crash of the validator (the editor answered 500 for it)', () => {
    const result = validateContent(projectRoot, { overlay: new Map([['pages/internship/law.json', 'null\n']]) });
    expect(result.problems.filter((p) => p.file === 'pages/internship/law.json').map((p) => p.code)).toContain('WRONG_TYPE');
  });
});

describe('a page broken three ways', () => {
  it('names a misspelt section type, with the nearest valid one', () => {
    const text = broken('pages/404.json', (t) => t.replace('"type": "hero"', '"type": "heroo"'));
    const [problem] = validateContent(projectRoot, { overlay: new Map([['pages/404.json', text]]) }).problems;
    expect(problem).toMatchObject({ code: 'UNKNOWN_SECTION_TYPE', file: 'pages/404.json', line: lineOf(text, '"heroo"'), pointer: '/sections/0/type' });
    expect(problem!.message).toContain('There is no section type "heroo". Did you mean "hero"?');
  });

  it('names a stipend written as text, and says how to write it', () => {
    const text = broken('pages/internship/law.json', (t) => t.replace('"stipend": 6000', '"stipend": "6000/month"'));
    const problems = validateContent(projectRoot, { overlay: new Map([['pages/internship/law.json', text]]) }).problems;
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
    const text = broken('pages/internship/law.json', (t) => t.replace('"sanaKhanLaw"', '"sanaKhanLow"'));
    const problems = validateContent(projectRoot, { overlay: new Map([['pages/internship/law.json', text]]) }).problems;
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
    const law = broken('pages/internship/law.json', (t) => t.replace('"stipend": 6000', '"stipend": "6000/month"').replace('"sanaKhanLaw"', '"sanaKhanLow"'));
    const notFound = broken('pages/404.json', (t) => t.replace('"type": "hero"', '"type": "heroo"'));
    let output = '';
    // What scripts/validate.ts runs, in this process.
    const overlay = new Map([
      ['pages/internship/law.json', law],
      ['pages/404.json', notFound],
    ]);
    const status = validateCommand(projectRoot, { out: (line) => (output += `${line}\n`), err: (line) => (output += `${line}\n`) }, { overlay });
    expect(status).toBe(1);
    expect(output).toContain(`pages/internship/law.json:${lineOf(law, '"6000/month"')}:`);
    expect(output).toContain('/sections/0/roles/0/details/stipend');
    expect(output).toContain(`pages/internship/law.json:${lineOf(law, '"sanaKhanLow"')}:`);
    expect(output).toContain('/sections/1/testimonialIds/2');
    expect(output).toMatch(/pages\/404\.json:\d+:\d+ {2}\/sections\/0\/type/);
    expect(output).toContain('3 content problems in 2 files');
  });
});
