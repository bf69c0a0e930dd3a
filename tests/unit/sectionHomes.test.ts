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
 *
 * So that it takes seconds, not the half minute a program of the whole project
 * and its packages took: the type checker reads only the files holding a string
 * literal that is a section type's name (outside that type's own folder) and the
 * project's modules they import, with the standard library and React's types (a
 * section type can pass through one of its generics, createContext<SectionType>);
 * other packages and the DOM and Node types are not read, since the section
 * types are the project's own. One program serves both tests.
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

/** The tsconfig's files and options: what the type checker reads, narrowed below. */
function projectConfig(): ts.ParsedCommandLine {
  const configFile = ts.readConfigFile(path.join(projectRoot, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(configFile.config, ts.sys, projectRoot);
}

const quotedName = new RegExp(`(['"\`])(${[...sectionTypes].join('|')})\\1`, 'g');

/**
 * The files a naming can be in, parsed: those with a string literal that is a section type's name,
 * outside that type's own folder. A quick search for the quoted name picks the few files worth parsing.
 */
function candidateFiles(texts: ReadonlyMap<string, string>): Map<string, ts.SourceFile> {
  const candidates = new Map<string, ts.SourceFile>();
  for (const [file, text] of texts) {
    const rel = path.relative(projectRoot, file).split(path.sep).join('/');
    const owner = ownerOf(rel);
    if (rel.startsWith('engine/generated/') || ![...text.matchAll(quotedName)].some((match) => match[2] !== owner)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const holdsName = (node: ts.Node): boolean =>
      ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && sectionTypes.has(node.text) && node.text !== owner) ||
      Boolean(ts.forEachChild(node, (child) => holdsName(child) || undefined));
    if (holdsName(source)) candidates.set(file, source);
  }
  return candidates;
}

/** Packages whose types are read: React's generics (createContext<SectionType>('hero')) can carry a section type; the project gives no other package's one. */
const PACKAGES_READ = new Set(['react']);

/**
 * Where the project's code names a section type; `extra` adds files that exist only in memory (to
 * test the finder). Each naming is "file:line names the section type …".
 */
function findNamings(extra: Record<string, string> = {}): string[] {
  const parsed = projectConfig();
  const extraFiles = new Map(Object.entries(extra).map(([rel, text]) => [path.join(projectRoot, rel), text]));
  const texts = new Map(parsed.fileNames.map((file) => [file, fs.readFileSync(file, 'utf8')]));
  for (const [file, text] of extraFiles) texts.set(file, text);
  const candidates = candidateFiles(texts);
  const options: ts.CompilerOptions = { ...parsed.options, types: [], lib: (parsed.options.lib ?? []).filter((lib) => !/dom/i.test(lib)) };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (name) => texts.has(name) || fileExists(name);
  host.getSourceFile = (name, language, ...rest) => candidates.get(name) ?? getSourceFile(name, language, ...rest);
  host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, compilerOptions) =>
    literals.map(({ text }) => {
      const packageName = text.startsWith('@') ? text.split('/').slice(0, 2).join('/') : text.split('/')[0]!;
      if (!text.startsWith('.') && !PACKAGES_READ.has(packageName)) return { resolvedModule: undefined };
      return ts.resolveModuleName(text, containingFile, compilerOptions, host, undefined, redirectedReference);
    });
  const program = ts.createProgram([...candidates.keys()], options, host);
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

const [a, b] = [...sectionTypes];
/** Code that names section types where it should not (lines 4 to 8, 10 and 12), beside code that only looks as if it did. */
const PROBE = `import type { Section, SectionMap, SectionType } from '../../engine/types.ts';
import { useEntities } from '../../engine/runtime/contexts.tsx';
import { createContext } from 'react';
export const isA = (s: Section) => s.type === '${a}';
export const kinds = new Set<Section['type']>(['${b}']);
export type One = SectionMap['${a}'];
export function pick(s: Section) { switch (s.type) { case '${b}': return 1; default: return 0; } }
export const has = (s: Section[]) => new Set(s.map((x) => x.type)).has('${a}');
export const list = () => useEntities('jobOpenings');
export const kind = createContext<SectionType>('${b}');
export const words = { '${a}': 'a word that is no section type here' };
export const typed: { type: SectionType } = { type: '${a}' };
`;

describe('one home per section type', () => {
  // One program for both tests: the project's code and the probe, which imports from it but changes nothing in it.
  let namings: string[] | undefined;
  const found = () => {
    namings ??= findNamings({ 'tests/unit/probe.ts': PROBE });
    return namings;
  };

  it('no code outside engine/sections/<Type>/ names a section type', () => {
    expect(found().filter((line) => !line.startsWith('tests/unit/probe.ts'))).toEqual([]);
  });

  it('finds a section type named in code, and not a data collection that shares its name', () => {
    expect(
      found()
        .filter((line) => line.startsWith('tests/unit/probe.ts'))
        .map((line) => line.replace(/ names.*/, '')),
    ).toEqual([
      'tests/unit/probe.ts:4',
      'tests/unit/probe.ts:5',
      'tests/unit/probe.ts:6',
      'tests/unit/probe.ts:7',
      'tests/unit/probe.ts:8',
      'tests/unit/probe.ts:10',
      'tests/unit/probe.ts:12',
    ]);
  });
});
