const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The first place JSON text passes a bound, found in one pass over its characters, before any parser: a list or
 * group opened inside `depth` others, or a text longer than `textChars`. Parsers pay for depth: JSON.parse took
 * 1.6 s on the request thread for a body of lists nested 900,000 deep, and jsonc-parser, which recurses, overflowed
 * its stack on a certificate file nested a million deep. Text that is not JSON is left for the parser to refuse.
 */
export function jsonPastBounds(text: string, bounds: { depth: number; textChars?: number }): { what: 'depth' | 'text'; offset: number } | undefined {
  const textChars = bounds.textChars ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
      if (i - start - 1 > textChars) return { what: 'text', offset: start };
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > bounds.depth) return { what: 'depth', offset: i };
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return undefined;
}
