import { type Node, type ParseError, parseTree } from 'jsonc-parser';
import { toPointer } from '../shared/jsonPointer.ts';
import { lineStartsOf, positionAt } from '../shared/textPosition.ts';
import { type PlainProblemCode, type Problem, type ProblemPlace, problem } from './problems.ts';

/** jsonc-parser's ParseErrorCode values (its typings declare them as a const enum, which isolated modules cannot read). */
const ParseErrorCode = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const;

/** A JSON file read with locations kept, so every message can name a line and column. */
export interface JsonSource {
  file: string;
  text: string;
  tree: Node | undefined;
  value: unknown;
  lineStarts: number[];
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value) result[key.value as string] = nodeValue(value);
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

export function parseJsonSource(file: string, text: string): { source: JsonSource; problems: Problem[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const source: JsonSource = { file, text, tree, value: undefined, lineStarts: lineStartsOf(text) };
  if (errors.length > 0 || !tree) {
    // Later parse errors are usually echoes of the first one, so only the first is reported.
    const first: ParseError = errors[0] ?? { error: ParseErrorCode.ValueExpected as ParseError['error'], offset: 0, length: 0 };
    return { source, problems: [syntaxProblem(source, first)] };
  }
  source.value = nodeValue(tree);
  return { source, problems: duplicateKeyProblems(source, tree) };
}

function previousNonSpace(text: string, offset: number): { char: string; offset: number } {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return { char: i >= 0 ? text[i]! : '', offset: i };
}

/** Names the first parse error by what the author most likely did; the catalogue words it. */
function syntaxProblem(source: JsonSource, error: ParseError): Problem {
  const { text } = source;
  const here = text[error.offset] ?? '';
  const at = (offset: number): ProblemPlace => ({ file: source.file, ...positionAt(source, Math.max(0, offset)), pointer: '' });
  const plain = (code: PlainProblemCode, offset = error.offset) => problem(code, at(offset), {});
  switch (error.error as number) {
    case ParseErrorCode.PropertyNameExpected:
    case ParseErrorCode.ValueExpected: {
      const before = previousNonSpace(text, error.offset);
      if (before.char === ',' && (here === '}' || here === ']')) return problem('JSON_TRAILING_COMMA', at(before.offset), { closer: here });
      if (here === "'") return plain('JSON_SINGLE_QUOTES');
      return plain(error.error === ParseErrorCode.PropertyNameExpected ? 'JSON_PROPERTY_NAME_EXPECTED' : 'JSON_VALUE_EXPECTED');
    }
    case ParseErrorCode.CommaExpected:
      // A } may follow a value only in a group, a ] only in a list: met elsewhere, it closes too early.
      if (here === '}') return plain('JSON_UNCLOSED_LIST');
      if (here === ']') return plain('JSON_UNCLOSED_GROUP');
      // Reported where the comma belongs: just after the previous value.
      return plain('JSON_MISSING_COMMA', previousNonSpace(text, error.offset).offset + 1);
    case ParseErrorCode.ColonExpected:
      return plain('JSON_MISSING_COLON');
    case ParseErrorCode.CloseBraceExpected:
      return plain('JSON_UNCLOSED_GROUP');
    case ParseErrorCode.CloseBracketExpected:
      return plain('JSON_UNCLOSED_LIST');
    case ParseErrorCode.EndOfFileExpected:
      return plain('JSON_TEXT_AFTER_END');
    case ParseErrorCode.InvalidCommentToken:
    case ParseErrorCode.UnexpectedEndOfComment:
      return plain('JSON_COMMENT');
    case ParseErrorCode.UnexpectedEndOfString:
      return plain('JSON_UNCLOSED_TEXT');
    case ParseErrorCode.InvalidNumberFormat:
    case ParseErrorCode.UnexpectedEndOfNumber:
      return plain('JSON_BAD_NUMBER');
    case ParseErrorCode.InvalidEscapeCharacter:
    case ParseErrorCode.InvalidUnicode:
      return plain('JSON_BAD_ESCAPE');
    case ParseErrorCode.InvalidCharacter:
      return plain('JSON_CONTROL_CHARACTER');
    default:
      if (here === "'") return plain('JSON_SINGLE_QUOTES');
      if (/[₹0-9]/.test(here)) return plain('JSON_BAD_NUMBER');
      return problem('JSON_UNEXPECTED_CHARACTER', at(error.offset), { char: here });
  }
}

function duplicateKeyProblems(source: JsonSource, root: Node): Problem[] {
  const problems: Problem[] = [];
  const visit = (node: Node, path: (string | number)[]) => {
    if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (!key) continue;
        const name = String(key.value);
        const first = seen.get(name);
        if (first) {
          const place = { file: source.file, ...positionAt(source, key.offset), pointer: toPointer([...path, name]) };
          problems.push(problem('DUPLICATE_KEY', place, { name, firstLine: positionAt(source, first.offset).line }));
        } else seen.set(name, key);
        if (value) visit(value, [...path, name]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => {
        visit(child, [...path, index]);
      });
    }
  };
  visit(root, []);
  return problems;
}

/** The node at a path; array indices may be given as numbers or digit strings (JSON pointers hold strings). */
export function nodeAt(root: Node | undefined, segments: readonly (string | number)[]): Node | undefined {
  let node = root;
  for (const segment of segments) {
    if (!node) return undefined;
    if (node.type === 'array') {
      node = node.children?.[Number(segment)];
    } else if (node.type === 'object') {
      const property = node.children?.find((p) => p.children?.[0]?.value === String(segment));
      node = property?.children?.[1];
    } else {
      return undefined;
    }
  }
  return node;
}

/** Line and column of the value (or, with `key`, of the property name) at a path; the nearest existing ancestor if it is missing. */
export function locate(source: JsonSource, segments: readonly (string | number)[], target: 'value' | 'key' = 'value'): { line: number; column: number } {
  if (!source.tree) return { line: 1, column: 1 };
  let path = [...segments];
  let node = nodeAt(source.tree, path);
  while (!node && path.length > 0) {
    path = path.slice(0, -1);
    target = 'value';
    node = nodeAt(source.tree, path);
  }
  if (!node) return { line: 1, column: 1 };
  if (target === 'key' && node.parent?.type === 'property' && node.parent.children?.[0]) {
    return positionAt(source, node.parent.children[0].offset);
  }
  return positionAt(source, node.offset);
}

/** Location of a property name inside the object at `segments`, or of the object when absent. */
export function locateKey(source: JsonSource, segments: readonly (string | number)[], key: string): { line: number; column: number } {
  if (!source.tree) return { line: 1, column: 1 };
  const objectNode = nodeAt(source.tree, segments);
  const property = objectNode?.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key);
  if (property?.children?.[0]) return positionAt(source, property.children[0].offset);
  return locate(source, segments, 'key');
}
