import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { islandRegistry, islandSources } from '../../engine/generated/islandRegistry.ts';
import { ALWAYS_WORDS } from '../../engine/runtime/islands.tsx';
import { SERVER_ONLY_WORDS } from '../../engine/types.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { model } from '../support/renderSection.tsx';

/**
 * An island is given only the groups of UI words it declares; reading another stops the build when the server's
 * render reaches it, but a branch drawn only in the browser (after log-in, after an answer) would fail there, with the
 * page. So the code is read: every group an island's modules name as `ui.<group>`, `useUi().<group>` or
 * `settings.ui.<group>` must be declared.
 */
const GROUPS = new Set(Object.keys(model.site.ui).filter((group) => !(SERVER_ONLY_WORDS as readonly string[]).includes(group)));

/** Modules every island may use whatever they name: the island mechanism itself and the error boundary (ALWAYS_WORDS). */
const NOT_READ = new Set(['engine/runtime/islands.tsx', 'engine/runtime/islandRender.tsx', 'engine/layout/ErrorBoundary.tsx']);

type ReadFile = (rel: string) => string | undefined;

function isUiObject(node: ts.Expression): boolean {
  if (ts.isIdentifier(node)) return node.text === 'ui' || node.text === 'allUi';
  if (ts.isCallExpression(node)) return ts.isIdentifier(node.expression) && node.expression.text === 'useUi';
  if (ts.isPropertyAccessExpression(node) || ts.isPropertyAccessChain(node)) return node.name.text === 'ui';
  return false;
}

/** The word groups one module names. */
function groupsIn(rel: string, text: string): string[] {
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true, rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && GROUPS.has(node.name.text) && isUiObject(node.expression)) found.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importsOf(rel: string, text: string): string[] {
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (spec.startsWith('.') && /\.tsx?$/.test(spec)) out.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
  }
  return out;
}

/** Every word group an island's code names, walking the project's modules it imports. */
function groupsRead(entry: string, readFile: ReadFile): string[] {
  const found = new Set<string>();
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const rel = stack.pop()!;
    if (seen.has(rel) || NOT_READ.has(rel)) continue;
    seen.add(rel);
    const text = readFile(rel);
    if (text === undefined) continue;
    for (const group of groupsIn(rel, text)) found.add(group);
    stack.push(...importsOf(rel, text));
  }
  return [...found].sort();
}

const readProjectFile: ReadFile = (rel) => {
  const file = path.join(projectRoot, rel);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};

describe('every island declares the groups of words its code reads', () => {
  it.each(Object.keys(islandRegistry) as (keyof typeof islandRegistry)[])('%s', (name) => {
    const declared = new Set<string>([...islandRegistry[name].words, ...ALWAYS_WORDS]);
    const undeclared = groupsRead(islandSources[name], readProjectFile).filter((group) => !declared.has(group));
    expect(undeclared, `add them to its words (its section's definition.ts, or engine/layout/islands.ts)`).toEqual([]);
  });

  it('finds a group read in a branch and in a module imported, whichever way the words are reached (probe)', () => {
    const files: Record<string, string> = {
      'engine/sections/Probe/Probe.tsx': [
        "import { useUi } from '../../runtime/contexts.tsx';",
        "import { Line } from '../../ui/Line.tsx';",
        'export default function Probe({ done }: { done: boolean }) {',
        '  const words = useUi().payments;',
        '  return done ? <Line /> : <p>{words.title}</p>;',
        '}',
      ].join('\n'),
      'engine/ui/Line.tsx':
        'export function Line() { const { settings } = useSite(); const ui = settings.ui; return <p>{ui.account.title}{settings.ui.finder.x}</p>; }',
    };
    expect(groupsRead('engine/sections/Probe/Probe.tsx', (rel) => files[rel])).toEqual(['account', 'finder', 'payments']);
  });
});
