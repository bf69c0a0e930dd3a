import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * The API's paths are written once, in the route catalogue: the site's pages and
 * the console call routes by name (engine/api/client.ts, staff/app/api.ts), and
 * the server registers each route by name from the catalogue
 * (server/http/routes.ts). The content editor's the same, in its own catalogue:
 * its pages call by name (editor/app/api.ts), its server registers from it
 * (editor/server/handle.ts). Comments may mention a path; code may not.
 */
const CATALOGUE = 'engine/shared/apiRoutes.ts';
const EDITOR_CATALOGUE = 'editor/protocol/editorRoutes.ts';

/** Where a module is named (import … from '../api/client.ts'): a file's path, not the API's. */
function namesModule(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent)) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword)
  );
}

/** The places in a file's code (not its comments or imports) that hold '/api/': strings, template literals, JSX text, regular expressions. */
function apiPathsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let value: string | undefined;
    if (ts.isStringLiteral(node) && namesModule(node)) value = undefined;
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) value = node.text;
    else if (ts.isRegularExpressionLiteral(node)) value = node.text.replaceAll('\\/', '/');
    if (value?.includes('/api/')) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1}: ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
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

describe('API paths', () => {
  it('are written nowhere in the engine, the server, the console or the editor but the route catalogues', () => {
    const found = ['engine', 'server', 'staff', 'editor']
      .flatMap((folder) => codeFiles(path.join(projectRoot, folder)))
      .filter((file) => file !== CATALOGUE && file !== EDITOR_CATALOGUE)
      .flatMap((file) => apiPathsIn(file, fs.readFileSync(path.join(projectRoot, file), 'utf8')));
    expect(
      found,
      "name the route of engine/shared/apiRoutes.ts (callApi in the browser, handle in the server) or of editor/protocol/editorRoutes.ts (the editor's callEditor and handle)",
    ).toEqual([]);
  });

  it('are found however the code writes them, and not in comments', () => {
    const code = [
      "const a = '/api/auth/login';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: code under test, written as text
      'const b = `${base}/api/account/export`;',
      'const c = <a href="/api/certificates/pdf">PDF</a>;',
      'const d = <p>/api/newsletter</p>;',
      'const e = /^\\/api\\/auth\\//;',
      '// const f = "/api/commented-out";',
      "import { callApi } from '../api/client.ts';",
      "const lazy = () => import('../../api/client.ts');",
      '/** Answers GET /api/auth/me. */',
      "const g = '/apiary/';",
    ].join('\n');
    expect(apiPathsIn('sample.tsx', code).map((place) => place.split(':')[1])).toEqual(['1', '2', '3', '4', '5']);
    // The scan reads the real files: the catalogues themselves are where it finds them.
    expect(apiPathsIn(CATALOGUE, fs.readFileSync(path.join(projectRoot, CATALOGUE), 'utf8')).length).toBeGreaterThan(20);
    expect(apiPathsIn(EDITOR_CATALOGUE, fs.readFileSync(path.join(projectRoot, EDITOR_CATALOGUE), 'utf8')).length).toBeGreaterThan(10);
  });
});
