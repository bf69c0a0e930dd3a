/**
 * The {placeholders} of a word: what the schema keyword "x-placeholders" checks.
 * A word must keep each placeholder the site fills in (a translation that drops
 * or misspells {id} would show visitors a sentence without the ID, or "{iD}" as
 * written) and may hold no other. Written as engine/shared/fill.ts fills them:
 * {name}, a name of letters, digits and _.
 */

/** One text of a word that breaks the rule: where it is below the word ("" for the word itself, "/one", "/2"), and how. */
export interface PlaceholderMismatch {
  at: string;
  /** Placeholders the site fills in that the text does not hold. */
  missing: string[];
  /** What the text holds in braces that the site does not fill in, as written ("iD", " id "). */
  unknown: string[];
}

/** Everything a text holds in braces, as written. */
export function bracedNames(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * How a word's texts break the rule. A text must hold every required placeholder; a
 * counted word ({"one", "other"}) in each form; a list in at least one of its items.
 * Empty texts and values of the wrong kind are left to the schema's own messages.
 */
export function placeholderMismatches(word: unknown, required: readonly string[], optional: readonly string[] = []): PlaceholderMismatch[] {
  const allowed = new Set([...required, ...optional]);
  const check = (at: string, text: string, mustHold: readonly string[]): PlaceholderMismatch | undefined => {
    const written = bracedNames(text);
    const missing = mustHold.filter((name) => !written.includes(name));
    const unknown = [...new Set(written.filter((name) => !allowed.has(name)))];
    return missing.length || unknown.length ? { at, missing, unknown } : undefined;
  };
  const out: PlaceholderMismatch[] = [];
  if (isText(word)) {
    const mismatch = check('', word, required);
    if (mismatch) out.push(mismatch);
  } else if (Array.isArray(word)) {
    const texts = word.filter(isText);
    const missing = required.filter((name) => !texts.some((text) => bracedNames(text).includes(name)));
    word.forEach((item, i) => {
      const mismatch = isText(item) ? check(`/${i}`, item, []) : undefined;
      if (mismatch) out.push(mismatch);
    });
    // A misspelling is one mistake: what the list lacks is told at the item holding the wrong name.
    if (missing.length && out[0]) out[0].missing = missing;
    else if (texts.length && missing.length) out.push({ at: '', missing, unknown: [] });
  } else if (word !== null && typeof word === 'object') {
    for (const form of ['one', 'other'] as const) {
      const text = (word as Record<string, unknown>)[form];
      const mismatch = isText(text) ? check(`/${form}`, text, required) : undefined;
      if (mismatch) out.push(mismatch);
    }
  }
  return out;
}
