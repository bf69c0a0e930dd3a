import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../tooling/projectCopy.ts';

/**
 * Every word the content editor says is in editor/words.ts: its server's refusals and answers and its pages' labels,
 * help and messages. A text in the code of editor/ that a person would read (a string, a template or JSX text with
 * words in it) is found here; class names, media types, values compared against and comments are not words said.
 */
const WORDS = 'editor/words.ts';

/** Texts in code that are not said to a person: a developer's assertion, and code the preview's modules are made of. */
const NOT_SAID: Record<string, string[]> = {
  'editor/app/form/formContext.ts': ['useForm() outside <FormContext.Provider>'],
  'editor/server/editorPages.ts': ['export const site = globalThis.__editorPreviewSite;', 'export default JSON.parse('],
};

/** JSX attributes whose values are for the browser, not for a person (aria-label, title, placeholder and alt are for people). */
const MACHINE_ATTRIBUTES = new Set([
  'className',
  'type',
  'role',
  'href',
  'src',
  'id',
  'rel',
  'target',
  'accept',
  'inputMode',
  'key',
  'htmlFor',
  'name',
  'value',
]);

const isWords = (text: string) => /[A-Za-z]{2,}/.test(text) && (/[A-Za-z][^\n]*\s+[^\n]*[A-Za-z]/.test(text) || /^[A-Z][a-z]+$/.test(text));
const isMediaType = (text: string) => /^[a-z]+\/[a-z0-9+.*-]+(;\s*charset=[a-z0-9-]+)?$/i.test(text);

/** Whether a literal is only a value the code works with: a module's name, a key, a value compared against, a machine attribute. */
function isValue(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const parent = at.parent;
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent) || ts.isCaseClause(parent)) return true;
    if (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
    if (
      ts.isBinaryExpression(parent) &&
      [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken].includes(parent.operatorToken.kind)
    )
      return true;
    if (ts.isJsxAttribute(parent)) return MACHINE_ATTRIBUTES.has(parent.name.getText()) || parent.name.getText().startsWith('data-');
    if (ts.isStatement(parent) || ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent)) return false;
  }
  return false;
}

/** The texts with words in a file's code, as `file:line: text`. */
function wordsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let value: string | undefined;
    if (ts.isTemplateExpression(node)) value = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('{…}');
    else if (ts.isStringLiteralLike(node) || ts.isJsxText(node)) value = node.text;
    value = value?.replace(/\s+/g, ' ').trim();
    if (value && isWords(value) && !isMediaType(value) && !isValue(node) && !(NOT_SAID[file] ?? []).some((said) => value.startsWith(said))) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: ${value}`);
    }
    if (ts.isTemplateExpression(node)) for (const span of node.templateSpans) visit(span.expression);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(projectRoot, full).split(path.sep).join('/')] : [];
  });
}

describe('the editor’s words', () => {
  it('are all in editor/words.ts: no text a person reads is written in the code of its server or its pages', () => {
    const found = codeFiles(path.join(projectRoot, 'editor'))
      .filter((file) => file !== WORDS)
      .flatMap((file) => wordsIn(file, fs.readFileSync(path.join(projectRoot, file), 'utf8')));
    expect(found, 'put the words in editor/words.ts and use them from there (fill for {placeholders}, fillCount for counted texts)').toEqual([]);
  });

  it('are found however the code writes them, and values, class names, media types and comments are not', () => {
    const code = [
      "const a = 'The file is empty.';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: code under test, written as text
      'const b = `Saved at ${time}.`;',
      'const c = <p>Nothing has been published yet.</p>;',
      'const d = <button aria-label="Close the pictures">x</button>;',
      'const e = <h2>Preview</h2>;',
      "const f = <p className={open ? 'items simple' : 'items'}>{g}</p>;",
      "const h = title === 'Paragraph';",
      "reply.type('application/json; charset=utf-8');",
      '// const i = "A commented-out sentence.";',
      "import { words } from '../words.ts';",
      "const j = { kind: 'internship' };",
    ].join('\n');
    expect(wordsIn('sample.tsx', code).map((place) => place.split(':')[1])).toEqual(['1', '2', '3', '4', '5']);
    // The words file itself is full of them: the scan reads real files.
    expect(wordsIn(WORDS, fs.readFileSync(path.join(projectRoot, WORDS), 'utf8')).length).toBeGreaterThan(150);
  });
});
