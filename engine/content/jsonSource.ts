import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { Problem } from './problems.ts';
import { toPointer } from '../shared/jsonPointer.ts';

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

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export function positionAt(source: Pick<JsonSource, 'lineStarts'>, offset: number): { line: number; column: number } {
  const starts = source.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
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

function syntaxProblem(source: JsonSource, error: ParseError): Problem {
  const { text } = source;
  let offset = error.offset;
  const here = text[offset] ?? '';
  let message: string;
  let hint: string | undefined;
  switch (error.error as number) {
    case ParseErrorCode.PropertyNameExpected:
    case ParseErrorCode.ValueExpected: {
      const before = previousNonSpace(text, offset);
      if (before.char === ',' && (here === '}' || here === ']')) {
        offset = before.offset;
        message = `There is a comma after the last ${here === '}' ? 'property' : 'item'}, just before "${here}". JSON does not allow a comma there.`;
        hint = 'Delete this comma.';
      } else if (here === "'") {
        message = 'Text is written in single quotes here. JSON only accepts double quotes.';
        hint = 'Replace the single quotes (\') with double quotes (").';
      } else if (error.error === ParseErrorCode.PropertyNameExpected) {
        message = 'A property name in double quotes is expected here, such as "title".';
        hint = 'Put the property name in double quotes, followed by a colon and its value.';
      } else {
        message = 'A value is missing or not written in a form JSON understands.';
        hint = 'Write text in double quotes ("like this"), a number (6000), true, false, a list in [ ] or a group in { }.';
      }
      break;
    }
    case ParseErrorCode.CommaExpected: {
      const before = previousNonSpace(text, offset);
      offset = before.offset + 1;
      message = 'A comma is missing between two properties or items.';
      hint = 'Add a comma at the end of this line, after the previous value.';
      break;
    }
    case ParseErrorCode.ColonExpected:
      message = 'A colon (:) is missing between a property name and its value.';
      hint = 'Write the property as "name": value.';
      break;
    case ParseErrorCode.CloseBraceExpected:
      message = 'A group opened with { is not closed.';
      hint = 'Add the missing } (and check the commas before it).';
      break;
    case ParseErrorCode.CloseBracketExpected:
      message = 'A list opened with [ is not closed.';
      hint = 'Add the missing ] (and check the commas before it).';
      break;
    case ParseErrorCode.EndOfFileExpected:
      message = 'There is more text after the end of the document.';
      hint = 'The whole file must be one { ... } group; remove what follows the last }.';
      break;
    case ParseErrorCode.InvalidCommentToken:
    case ParseErrorCode.UnexpectedEndOfComment:
      message = 'JSON files cannot contain comments.';
      hint = 'Remove the comment; a "description" property can hold notes where the schema allows it.';
      break;
    case ParseErrorCode.UnexpectedEndOfString:
      message = 'A text is not closed: its closing double quote (") is missing.';
      hint = 'Add the missing " at the end of the text, before the comma or the end of the line.';
      break;
    case ParseErrorCode.InvalidNumberFormat:
      message = 'This number is not written the way JSON needs.';
      hint = 'Write numbers with digits only, such as 6000: no commas, spaces, ₹ sign or leading zeros.';
      break;
    case ParseErrorCode.InvalidEscapeCharacter:
    case ParseErrorCode.InvalidUnicode:
      message = 'A backslash (\\) in this text starts a special character JSON does not know.';
      hint = 'Write \\\\ for a backslash, or remove it.';
      break;
    case ParseErrorCode.InvalidCharacter:
      message = 'This text contains a line break or tab, which JSON does not allow inside quotes.';
      hint = 'Keep the text on one line, or write \\n for a line break.';
      break;
    case ParseErrorCode.InvalidSymbol:
    default:
      if (here === "'") {
        message = 'Text is written in single quotes here. JSON only accepts double quotes.';
        hint = 'Replace the single quotes (\') with double quotes (").';
      } else if (/[₹0-9]/.test(here)) {
        message = 'This value starts like a number but is not one.';
        hint = 'Write numbers with digits only, such as 6000; write anything else as text in double quotes.';
      } else {
        message = `The character ${JSON.stringify(here)} is not allowed here.`;
        hint = 'Put text in double quotes, and check the line above for a missing quote or comma.';
      }
  }
  const { line, column } = positionAt(source, Math.max(0, offset));
  return { code: 'JSON_SYNTAX', file: source.file, line, column, pointer: '', message, hint };
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
          const firstLine = positionAt(source, first.offset).line;
          const { line, column } = positionAt(source, key.offset);
          problems.push({
            code: 'DUPLICATE_KEY', file: source.file, line, column, pointer: toPointer([...path, name]),
            message: `"${name}" is written twice in this group (first on line ${firstLine}); only the last one would count.`,
            hint: `Keep one "${name}" and delete the other.`,
          });
        } else seen.set(name, key);
        if (value) visit(value, [...path, name]);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => visit(child, [...path, index]));
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
