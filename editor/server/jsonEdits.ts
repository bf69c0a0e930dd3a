import { applyEdits, type FormattingOptions, type JSONPath, modify } from 'jsonc-parser';

/**
 * Writes a changed document back into the text it was read from, touching only
 * the spans whose values changed (jsonc-parser's modify, the edit VS Code makes):
 * key order, formatting and every untouched byte stay as they were, so an
 * unchanged document gives back the very same text.
 */
export function rewriteJson(text: string, before: unknown, after: unknown): string {
  const formatting = formattingOf(text);
  let current = text;
  const set = (path: JSONPath, value: unknown, options: { insertAt?: number; arrayInsert?: boolean } = {}) => {
    const edits = modify(current, path, value, {
      formattingOptions: formatting,
      ...(options.arrayInsert ? { isArrayInsertion: true } : {}),
      ...(options.insertAt !== undefined ? { getInsertionIndex: () => options.insertAt! } : {}),
    });
    current = applyEdits(current, edits);
  };
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    // A whole new document: written in the project's style.
    return deepEqual(before, after) ? text : `${JSON.stringify(after, null, formatting.tabSize)}${formatting.eol}`;
  }
  diff([], before, after, set);
  return current;
}

type Setter = (path: JSONPath, value: unknown, options?: { insertAt?: number; arrayInsert?: boolean }) => void;

function diff(path: JSONPath, before: unknown, after: unknown, set: Setter): void {
  if (deepEqual(before, after)) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    const oldKeys = Object.keys(before);
    for (const key of oldKeys) if (!(key in after)) set([...path, key], undefined);
    const kept = oldKeys.filter((key) => key in after);
    const newKeys = Object.keys(after);
    for (const key of newKeys) {
      if (key in before) diff([...path, key], before[key], after[key], set);
      else {
        // A new property goes after the properties that come before it in the edited document.
        const earlier = new Set(newKeys.slice(0, newKeys.indexOf(key)));
        let insertAt = 0;
        kept.forEach((k, i) => {
          if (earlier.has(k)) insertAt = i + 1;
        });
        set([...path, key], after[key], { insertAt });
        kept.splice(insertAt, 0, key);
      }
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    let head = 0;
    while (head < before.length && head < after.length && deepEqual(before[head], after[head])) head++;
    let tail = 0;
    while (tail < before.length - head && tail < after.length - head && deepEqual(before[before.length - 1 - tail], after[after.length - 1 - tail])) tail++;
    const oldMiddle = before.slice(head, before.length - tail);
    const newMiddle = after.slice(head, after.length - tail);
    if (oldMiddle.length === newMiddle.length) {
      oldMiddle.forEach((item, i) => {
        diff([...path, head + i], item, newMiddle[i], set);
      });
      return;
    }
    // Items removed or added: remove the old middle from its end, then insert the new one in order.
    for (let i = oldMiddle.length - 1; i >= 0; i--) set([...path, head + i], undefined);
    newMiddle.forEach((item, i) => {
      set([...path, head + i], item, { arrayInsert: true });
    });
    return;
  }
  set(path, after);
}

/** Indentation and line ends as the file already has them (2 spaces and \n, as `npm run new` writes, when it cannot tell). */
export function formattingOf(text: string): FormattingOptions {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
  const tabs = indent.startsWith('\t');
  return { tabSize: tabs ? 1 : indent.length, insertSpaces: !tabs, eol: text.includes('\r\n') ? '\r\n' : '\n', insertFinalNewline: true };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && deepEqual(a[key], b[key]));
  }
  return false;
}
