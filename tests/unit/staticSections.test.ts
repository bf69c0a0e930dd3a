import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { islandRegistry, islandSources } from '../../engine/generated/islandRegistry.ts';
import { registry } from '../../engine/generated/sectionRegistry.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { resolvedPages } from '../support/renderSection.tsx';

/**
 * A section that is not interactive is never hydrated: its prerendered HTML is all the browser gets of it, and none of
 * its code. So it must draw nothing that needs script: no event handler (onClick, onChange, …) and no hook that keeps
 * state or runs after the page is in the browser (useState, useEffect, useSyncExternalStore, …), in its component or
 * in any module it imports, but its islands (which are hydrated) and the runtime's readers of the page's address and
 * contexts (which give the address the page is rendered at). The layout's frame is held to the same rule: only its
 * islands are hydrated. A rule over the code, not a render, so a handler in a branch one page does not draw counts too.
 */
const STATEFUL_HOOKS = new Set([
  'useState',
  'useReducer',
  'useEffect',
  'useLayoutEffect',
  'useInsertionEffect',
  'useSyncExternalStore',
  'useTransition',
  'useDeferredValue',
  'useActionState',
  'useOptimistic',
  'useImperativeHandle',
  'useFormStatus',
]);

/**
 * Modules a static part may use whatever they hold: the island mechanism, what reads the address and the contexts, and
 * the error boundary, whose page (with its Try again button) is drawn only in a browser that draws pages (an island
 * that failed, npm run dev, the editor's preview): on the server an error stops the render.
 */
const READ_ONLY = new Set(['engine/runtime/islands.tsx', 'engine/runtime/location.ts', 'engine/runtime/contexts.tsx', 'engine/layout/ErrorBoundary.tsx']);

type ReadFile = (rel: string) => string | undefined;

/** What in one module needs script: "file:line: onClick" or "file:line: useState()". */
function scriptIn(rel: string, text: string): string[] {
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true, rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isJsxAttribute(node) && /^on[A-Z]/.test(node.name.getText(source))) found.push(`${rel}:${line(node)}: ${node.name.getText(source)}`);
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.name : node.expression;
      if (ts.isIdentifier(callee) && STATEFUL_HOOKS.has(callee.text)) found.push(`${rel}:${line(node)}: ${callee.text}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The project's modules a module imports for their values (type-only imports bring no code). */
function importsOf(rel: string, text: string): string[] {
  const source = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true);
  const out: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
    if (!spec.startsWith('.') || !/\.tsx?$/.test(spec)) continue;
    const named = statement.importClause?.namedBindings;
    if (!statement.importClause?.name && named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly)) continue;
    out.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
  }
  return out;
}

/** Everything in a static part's code that needs script, walking its imports and stopping at islands. */
function scriptNeeds(entry: string, readFile: ReadFile, islands: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const rel = stack.pop()!;
    if (seen.has(rel) || (rel !== entry && islands.has(rel)) || READ_ONLY.has(rel)) continue;
    seen.add(rel);
    const text = readFile(rel);
    if (text === undefined) continue;
    found.push(...scriptIn(rel, text));
    stack.push(...importsOf(rel, text));
  }
  return found.sort();
}

const readProjectFile: ReadFile = (rel) => {
  const file = path.join(projectRoot, rel);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
};
const islandModules = new Set(Object.values(islandSources));
const folderOf = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);
const staticTypes = Object.keys(registry).filter((type) => !(type in islandRegistry));

describe('sections that are not interactive draw nothing that needs script', () => {
  it('most of the site is static: of the sections the pages hold, those never hydrated are the greater part', () => {
    // Counted over the pages, not the types: a form is one section of a few pages, a card grid one of many.
    const sections = resolvedPages.flatMap((page) => page.sections.map((section) => section.type));
    const hydrated = sections.filter((type) => type in islandRegistry).length;
    expect(sections.length - hydrated).toBeGreaterThan(2 * hydrated);
  });

  it.each(staticTypes)('%s, and the modules it imports but its islands, hold no event handler and no stateful hook', (type) => {
    expect(scriptNeeds(`engine/sections/${folderOf(type)}/${folderOf(type)}.tsx`, readProjectFile, islandModules)).toEqual([]);
  });

  it("the layout's frame but its islands (menus, footer, chat link, loading bar) holds none either", () => {
    expect(scriptNeeds('engine/layout/Layout.tsx', readProjectFile, islandModules)).toEqual([]);
  });

  it('finds a handler or a hook in a static section and in what it imports, and none inside its islands (probes)', () => {
    const files: Record<string, string> = {
      'engine/sections/Probe/Probe.tsx': [
        "import { Part } from '../../ui/Part.tsx';",
        "import Chooser from './Chooser.tsx';",
        'export default function Probe() {',
        '  return <Part><Chooser /></Part>;',
        '}',
      ].join('\n'),
      'engine/ui/Part.tsx':
        "import { useState } from 'react';\nexport function Part() { const [open] = useState(false); return <button onClick={() => open}>x</button>; }",
      'engine/sections/Probe/Chooser.tsx': 'export default function Chooser() { return <select onChange={() => undefined} />; }',
    };
    const read: ReadFile = (rel) => files[rel];
    expect(scriptNeeds('engine/sections/Probe/Probe.tsx', read, new Set())).toEqual([
      'engine/sections/Probe/Chooser.tsx:1: onChange',
      'engine/ui/Part.tsx:2: onClick',
      'engine/ui/Part.tsx:2: useState()',
    ]);
    // The chooser as an island of the section: hydrated, so it may.
    expect(scriptNeeds('engine/sections/Probe/Probe.tsx', read, new Set(['engine/sections/Probe/Chooser.tsx']))).toEqual([
      'engine/ui/Part.tsx:2: onClick',
      'engine/ui/Part.tsx:2: useState()',
    ]);
  });
});
