import { rootView } from '../../../engine/content/schemaWalker.ts';
import type { TranslationDocument } from '../../../engine/content/translation/translationFiles.ts';
import { fill } from '../../../engine/shared/fill.ts';
import { fromPointer, toPointer } from '../../../engine/shared/jsonPointer.ts';
import type { SchemaLookup } from '../../../engine/shared/schemaRefs.ts';
import { words } from '../../words.ts';
import { isRecord, placeOf, type Segments, singular, viewOfChild } from '../form/formModel.ts';

/** One text of the English, to be translated beside it. */
export interface TextRow {
  pointer: string;
  /** Where it is inside its group, in the form's words ("Details › Skills › Skill 1"); empty for the group's own text. */
  label: string;
  english: string;
}

/** A figure, link, id or date: shown once, from the English document, the same in every language. */
export interface FixedValue {
  pointer: string;
  label: string;
  value: string;
}

/** What the translation view shows together: an item of a list (a section, a role, a question), else a group of the document. */
export interface TextGroup {
  pointer: string;
  /** Where it is, in the form's words: "Section 1 (Internship roles to choose from) › Role 2 (Criminal Law)". */
  title: string;
  rows: TextRow[];
  fixed: FixedValue[];
}

/**
 * The group a value belongs to: the deepest item of a list that is a group of values (a section, a role, a menu), else
 * its place two levels down at most (the site's words: Words › Verify).
 */
function groupLength(document: unknown, segments: Segments): number {
  let node: unknown = document;
  let deepestItem = -1;
  for (let i = 0; i < segments.length - 1; i++) {
    const parent = node;
    node = Array.isArray(parent) ? parent[Number(segments[i])] : isRecord(parent) ? parent[String(segments[i])] : undefined;
    if (Array.isArray(parent) && isRecord(node)) deepestItem = i + 1;
  }
  return deepestItem >= 0 ? deepestItem : Math.min(2, segments.length - 1);
}

/**
 * Names for each segment of a place in the form's words, the name of a list left out where its item follows ("Section 1
 * (…)" says it is one of the sections), and the last item of a list of texts named without its text, which is shown.
 */
function namesOf(lookup: SchemaLookup, schemaRel: string, document: unknown, segments: Segments): string[] {
  const view = rootView(lookup, schemaRel);
  const names = placeOf(lookup, view, document, segments);
  let node: unknown = document;
  const kept: string[] = [];
  segments.forEach((segment, i) => {
    const parent = node;
    node = Array.isArray(parent) ? parent[Number(segment)] : isRecord(parent) ? parent[String(segment)] : undefined;
    const name = names[i];
    if (name === undefined) return;
    if (Array.isArray(node) && i < segments.length - 1) return; // the list's name: its item says it
    if (Array.isArray(parent) && !isRecord(node)) {
      // An item of a list of texts or figures: "Skill 1", without the text beside it.
      kept.push(fill(words.app.form.item, { item: singular(names[i - 1] ?? words.app.form.anItem), number: Number(segment) + 1 }));
      return;
    }
    kept.push(name);
  });
  return kept;
}

/** How a figure, link, id or date reads in the view. */
function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The English document's texts, grouped as the form groups them and in the document's order, each group with the
 * figures, links, ids and dates it holds (shown once, not translated). `texts` are the pointers the schema marks as texts.
 */
export function textGroups(lookup: SchemaLookup, schemaRel: string, document: unknown, texts: ReadonlyMap<string, string>): TextGroup[] {
  const groups = new Map<string, TextGroup & { depth: number }>();
  const groupOf = (segments: Segments) => {
    const length = groupLength(document, segments);
    const at = segments.slice(0, length);
    const pointer = toPointer(at);
    let group = groups.get(pointer);
    if (!group) {
      const names = namesOf(lookup, schemaRel, document, at);
      group = { pointer, title: names.join(' › ') || words.app.translation.general, rows: [], fixed: [], depth: names.length };
      groups.set(pointer, group);
    }
    return group;
  };
  const labelIn = (group: { depth: number }, segments: Segments) => namesOf(lookup, schemaRel, document, segments).slice(group.depth).join(' › ');

  const visit = (value: unknown, segments: Segments) => {
    const pointer = toPointer(segments);
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, [...segments, i]);
      });
      return;
    }
    if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        // The schema line and a section's kind tie the document together; they are no value of the page.
        if (
          key === '$schema' ||
          (key === 'type' && segments.length > 0 && typeof child === 'string' && isKind(lookup, schemaRel, document, [...segments, key]))
        )
          continue;
        visit(child, [...segments, key]);
      }
      return;
    }
    if (value === null || typeof value === 'boolean' || segments.length === 0) return;
    const group = groupOf(segments);
    const english = texts.get(pointer);
    if (english !== undefined) group.rows.push({ pointer, label: labelIn(group, segments), english });
    else group.fixed.push({ pointer, label: labelIn(group, segments) || group.title, value: shown(value) });
  };
  visit(document, []);
  // A group with texts only: the figures of a group with none (a list of ids, the site's colours) say nothing to translate.
  return [...groups.values()].filter((g) => g.rows.length > 0).map(({ depth: _depth, ...group }) => group);
}

/** Whether the value at `segments` is a section's kind (a constant of its schema), drawn above its fields by the form. */
function isKind(lookup: SchemaLookup, schemaRel: string, document: unknown, segments: Segments): boolean {
  let view = rootView(lookup, schemaRel);
  let node: unknown = document;
  for (const segment of segments) {
    const next: unknown = Array.isArray(node) ? node[Number(segment)] : isRecord(node) ? node[String(segment)] : undefined;
    const child = viewOfChild(lookup, view, node, segment, next);
    if (!child) return false;
    view = child;
    node = next;
  }
  return view.nodes.some(({ node: schema }) => schema['const'] !== undefined);
}

/** A translation file's texts, when its text reads as one (a file broken by hand reads as none: the check says what is wrong). */
export function translationIn(text: string): TranslationDocument | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  const texts = isRecord(doc) ? doc['texts'] : undefined;
  if (!isRecord(texts)) return undefined;
  const entries = Object.entries(texts).filter(([, e]) => isRecord(e) && typeof e['source'] === 'string' && typeof e['text'] === 'string');
  return { texts: Object.fromEntries(entries) as TranslationDocument['texts'] };
}

/** The English pointer a problem of a translation file is about (/texts/~1sections~10~1title → /sections/0/title). */
export function englishPointerOf(translationPointer: string): string | undefined {
  const [texts, pointer] = fromPointer(translationPointer);
  return texts === 'texts' && pointer !== undefined ? pointer : undefined;
}

/** A part of a text as the English changed: kept, taken out or put in. */
export interface Change {
  text: string;
  kind: 'same' | 'removed' | 'added';
}

/**
 * What changed between the English a text was translated from and the English now, word by word (the longest common
 * run of words kept, the rest taken out or put in), so a translator sees at a glance what to look at.
 */
export function wordChanges(was: string, now: string): { was: Change[]; now: Change[] } {
  // Words (letters with their marks, digits) and each mark of punctuation, each with the spaces before it, compared
  // without them: "sheets," is "sheets" and ",", and a changed space is no change.
  const parts = (text: string) => text.match(/\s*(?:[\p{L}\p{M}\p{N}]+|[^\s\p{L}\p{M}\p{N}])|\s+$/gu) ?? [];
  const a = parts(was);
  const b = parts(now);
  const same = (x: string, y: string) => x.trim() === y.trim();
  // Texts are a paragraph at most: the table of a few hundred words each way is small.
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) table[i]![j] = same(a[i]!, b[j]!) ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  }
  const before: Change[] = [];
  const after: Change[] = [];
  const push = (list: Change[], token: string, kind: Change['kind']) => {
    // The spaces before a word taken out or put in are no part of what changed.
    const space = kind === 'same' ? '' : (/^\s*/.exec(token)?.[0] ?? '');
    if (space) push(list, space, 'same');
    const text = token.slice(space.length);
    // Words changed together with only spaces between them are one change: "and court orders".
    const [before, between] = list.slice(-2);
    if (kind !== 'same' && before?.kind === kind && between?.kind === 'same' && !between.text.trim()) {
      list.pop();
      before.text += between.text + text;
      return;
    }
    const last = list[list.length - 1];
    if (last?.kind === kind) last.text += text;
    else list.push({ text, kind });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && same(a[i]!, b[j]!)) {
      push(before, a[i]!, 'same');
      push(after, b[j]!, 'same');
      i++;
      j++;
    } else if (j < b.length && (i === a.length || table[i]![j + 1]! >= table[i + 1]![j]!)) push(after, b[j++]!, 'added');
    else push(before, a[i++]!, 'removed');
  }
  return { was: before, now: after };
}
