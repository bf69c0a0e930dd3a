import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * String.replace and replaceAll read `$&`, `` $` ``, `$'`, `$1` and `$<name>` in a replacement string as orders
 * (copy the match, the text before it, the text after it …). Text from a request or from content that reaches one
 * is interpreted: 64 copies of `` $` `` in a certificate address once made a 233 MB page. So in the code that
 * serves, builds and edits the site, a replacement is a function or a literal written in the code, never a
 * string worked out at run time.
 */
const folders = ['engine', 'server', 'scripts', 'editor', 'tooling', 'codegen'];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** Every replace or replaceAll call whose replacement is neither a function nor a literal without substitutions. */
function computedReplacements(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      (node.expression.name.text === 'replace' || node.expression.name.text === 'replaceAll') &&
      node.arguments.length === 2
    ) {
      const replacement = node.arguments[1]!;
      const fixed = ts.isStringLiteral(replacement) || ts.isNoSubstitutionTemplateLiteral(replacement);
      const callback = ts.isArrowFunction(replacement) || ts.isFunctionExpression(replacement);
      if (!fixed && !callback) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${path.relative(projectRoot, file)}:${line + 1}: ${node.getText().replace(/\s+/g, ' ').slice(0, 120)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('replacement strings', () => {
  it('finds a replacement worked out at run time, and lets functions and literals be', () => {
    const sample = [
      "template.replace('<!--app-html-->', parts.body);",
      ['name.replaceAll(x, `$', '{y}.html`);'].join(''),
      "text.replace(/a/g, '$1 $2');",
      'text.replace(/a/g, (m) => m + value);',
      "text.replace('a', `b`);",
    ].join('\n');
    expect(computedReplacements('sample.ts', sample)).toHaveLength(2);
  });

  it('are never worked out at run time in the code that serves, builds or edits the site', () => {
    const found = folders.flatMap((folder) =>
      sourceFiles(path.join(projectRoot, folder)).flatMap((file) => computedReplacements(file, fs.readFileSync(file, 'utf8'))),
    );
    expect(found).toEqual([]);
  });
});
