import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

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
 * types are the project's own. One program serves the project and the probe.
 */

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

/** Packages whose types are read: React's generics (createContext<SectionType>('hero')) can carry a section type; the project gives no other package's one. */
const PACKAGES_READ = new Set(['react']);

/**
 * Where the project's code names a section type; `extra` adds files that exist only in memory (the
 * probe). Each naming is "file:line names the section type …".
 */
export function findNamings(root: string, extra: Record<string, string> = {}): string[] {
  const sectionTypes = new Set(
    fs
      .readdirSync(path.join(root, 'schemas', 'sections'))
      .filter((f) => f.endsWith('.schema.json'))
      .map((f) => f.replace('.schema.json', '')),
  );
  const isSectionTyped = (type: ts.Type | undefined, checker: ts.TypeChecker): boolean => {
    if (!type) return false;
    const constraint = type.isTypeParameter() ? checker.getBaseConstraintOfType(type) : type;
    const values = constraint ? literalValues(constraint) : undefined;
    return Boolean(values?.length) && values!.every((v) => sectionTypes.has(v));
  };
  const quotedName = new RegExp(`(['"\`])(${[...sectionTypes].join('|')})\\1`, 'g');
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

  // The tsconfig's files and options: what the type checker reads, narrowed below.
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const texts = new Map(parsed.fileNames.map((file) => [file, fs.readFileSync(file, 'utf8')]));
  for (const [rel, text] of Object.entries(extra)) texts.set(path.join(root, rel), text);

  // The files a naming can be in, parsed: those with a string literal that is a section type's name, outside that
  // type's own folder. A quick search for the quoted name picks the few files worth parsing.
  const candidates = new Map<string, ts.SourceFile>();
  for (const [file, text] of texts) {
    const rel = relative(file);
    const owner = ownerOf(rel);
    if (rel.startsWith('engine/generated/') || ![...text.matchAll(quotedName)].some((match) => match[2] !== owner)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const holdsName = (node: ts.Node): boolean =>
      ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && sectionTypes.has(node.text) && node.text !== owner) ||
      Boolean(ts.forEachChild(node, (child) => holdsName(child) || undefined));
    if (holdsName(source)) candidates.set(file, source);
  }

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
    const file = relative(source.fileName);
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

/** Where the probe lives while the check runs (in memory only): its imports are relative to this folder. */
const PROBE_FILE = 'scripts/lib/sectionHomesProbe.ts';

/** Code that names section types where it should not (lines 4 to 8, 10 and 12), beside code that only looks as if it did. */
function probe(a: string, b: string): string {
  return `import type { Section, SectionMap, SectionType } from '../../engine/types.ts';
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
}
const PROBE_LINES = [4, 5, 6, 7, 8, 10, 12];

/**
 * The check, with its own proof that it can fail: in one program, the probe's namings must all be found (and its
 * look-alikes not), and the project must have none. Returns the problems, each a sentence; none when both hold.
 */
export function sectionHomeProblems(root: string): string[] {
  const [a, b] = fs
    .readdirSync(path.join(root, 'schemas', 'sections'))
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => f.replace('.schema.json', ''));
  const found = findNamings(root, { [PROBE_FILE]: probe(a!, b!) });
  const probeLines = found.filter((line) => line.startsWith(`${PROBE_FILE}:`)).map((line) => Number(/:(\d+) /.exec(line)![1]));
  const problems = found
    .filter((line) => !line.startsWith(`${PROBE_FILE}:`))
    .map((line) => `${line}: it belongs in that type's folder, engine/sections/<Type>/.`);
  if (probeLines.join() !== PROBE_LINES.join())
    problems.push(
      `The check itself is broken: in its probe it found namings on lines ${probeLines.join(', ') || 'none'}, where there are namings on lines ${PROBE_LINES.join(', ')} (scripts/lib/sectionHomes.ts).`,
    );
  return problems;
}
