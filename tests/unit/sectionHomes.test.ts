import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../tooling/projectCopy.ts';

/**
 * Everything about a section type lives in its folder, engine/sections/<Type>/:
 * no other code names the type. A name counts when the type checker sees it
 * used as a section type (compared with a section's type, passed where a
 * section type is expected, written as a section's "type"), so a data
 * collection that shares a name (jobOpenings, testimonials) is not mistaken
 * for one. Generated code, written from the folders, is exempt.
 */
const sectionTypes = new Set(
  fs
    .readdirSync(path.join(projectRoot, 'schemas', 'sections'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.replace('.schema.json', '')),
);

/** The literal values a type can take, or undefined when it is not a union of string literals. */
function literalValues(type: ts.Type): string[] | undefined {
  const parts = type.isUnion() ? type.types : [type];
  const values: string[] = [];
  for (const part of parts) {
    if (!part.isStringLiteral()) return undefined;
    values.push(part.value);
  }
  return values;
}

/** A type whose every value is a section type: the section union's "type", SectionType, or one member of it. */
function isSectionTyped(type: ts.Type | undefined, checker: ts.TypeChecker): boolean {
  if (!type) return false;
  const constraint = type.isTypeParameter() ? checker.getBaseConstraintOfType(type) : type;
  const values = constraint ? literalValues(constraint) : undefined;
  return Boolean(values?.length) && values!.every((v) => sectionTypes.has(v));
}

/** The type the place of a literal declares: for an argument, the parameter as written (a generic's constraint, not the type inferred from this very literal). */
function declaredType(node: ts.Expression, checker: ts.TypeChecker): ts.Type | undefined {
  const call = node.parent;
  if ((ts.isCallExpression(call) || ts.isNewExpression(call)) && call.arguments?.includes(node)) {
    const signature = checker.getResolvedSignature(call);
    const index = call.arguments.indexOf(node);
    const parameter = signature?.getDeclaration()?.parameters[index];
    if (parameter) {
      const declared = checker.getTypeAtLocation(parameter);
      // An unconstrained type parameter (Set<T>.has): what the call's receiver fixed it to.
      if (declared.isTypeParameter() && !checker.getBaseConstraintOfType(declared)?.isUnion()) {
        const symbol = signature!.getParameters()[index];
        return symbol ? checker.getTypeOfSymbolAtLocation(symbol, call) : declared;
      }
      return declared;
    }
  }
  return checker.getContextualType(node);
}

function ownerOf(file: string): string | undefined {
  const match = /^engine\/sections\/([^/]+)\//.exec(file);
  return match ? match[1]!.charAt(0).toLowerCase() + match[1]!.slice(1) : undefined;
}

/** Where the project's code names a section type; `extra` adds files that exist only in memory (to test the finder). */
function findNamings(extra: Record<string, string> = {}): string[] {
  const configFile = ts.readConfigFile(path.join(projectRoot, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, projectRoot);
  const extraFiles = new Map(Object.entries(extra).map(([rel, text]) => [path.join(projectRoot, rel), text]));
  const host = ts.createCompilerHost(parsed.options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (name) => extraFiles.has(name) || fileExists(name);
  host.getSourceFile = (name, language, ...rest) =>
    extraFiles.has(name) ? ts.createSourceFile(name, extraFiles.get(name)!, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram([...parsed.fileNames, ...extraFiles.keys()], parsed.options, host);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    const file = path.relative(projectRoot, source.fileName).split(path.sep).join('/');
    if (file.startsWith('..') || file.includes('node_modules') || file.startsWith('engine/generated/')) continue;
    const owner = ownerOf(file);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && sectionTypes.has(node.text) && node.text !== owner) {
        const parent = node.parent;
        let named = isSectionTyped(declaredType(node, checker), checker);
        if (!named && ts.isBinaryExpression(parent)) {
          const other = parent.left === node ? parent.right : parent.left;
          named = isSectionTyped(checker.getTypeAtLocation(other), checker);
        }
        if (!named && ts.isCaseClause(parent)) named = isSectionTyped(checker.getTypeAtLocation(parent.parent.parent.expression), checker);
        if (!named && ts.isLiteralTypeNode(parent)) {
          const holder = parent.parent;
          named =
            (ts.isPropertySignature(holder) && holder.name.getText(source) === 'type') ||
            (ts.isIndexedAccessTypeNode(holder) &&
              isSectionTyped(
                checker.getIndexTypeOfType(checker.getTypeFromTypeNode(holder.objectType), ts.IndexKind.String) ?? checker.getTypeAtLocation(holder.indexType),
                checker,
              ));
        }
        if (named) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${file}:${line + 1} names the section type "${node.text}"`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('one home per section type', () => {
  it('no code outside engine/sections/<Type>/ names a section type', () => {
    expect(findNamings()).toEqual([]);
  });

  it('finds a section type named in code, and not a data collection that shares its name', () => {
    const [a, b] = [...sectionTypes];
    const probe = `import type { Section, SectionMap } from '../../engine/types.ts';
import { useEntities } from '../../engine/runtime/contexts.tsx';
export const isA = (s: Section) => s.type === '${a}';
export const kinds = new Set<Section['type']>(['${b}']);
export type One = SectionMap['${a}'];
export function pick(s: Section) { switch (s.type) { case '${b}': return 1; default: return 0; } }
export const list = () => useEntities('jobOpenings');
export const has = (s: Section[]) => new Set(s.map((x) => x.type)).has('${a}');
`;
    const found = findNamings({ 'tests/unit/probe.ts': probe }).filter((line) => line.startsWith('tests/unit/probe.ts'));
    expect(found.map((line) => line.replace(/ names.*/, ''))).toEqual([
      'tests/unit/probe.ts:3',
      'tests/unit/probe.ts:4',
      'tests/unit/probe.ts:5',
      'tests/unit/probe.ts:6',
      'tests/unit/probe.ts:8',
    ]);
  });
});
