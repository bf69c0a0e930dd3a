/**
 * Words that mean something only to whoever writes the JSON files, as the content editor must not show them
 * (issue 26): a property name (in quotes, or written as one: newPrice, applyForm), a file path or file name
 * (data/site.json, pages/…), a line number, or a developer's word (JSON, schema, href, src, id, pointer…).
 *
 * What the person wrote is theirs and is not counted: values in typographic quotes (“6000/month”, “corporatLaw”)
 * addresses (/internship/law?role=…, https://…), and the fill-in marks of a text ({course}), which the editor shows
 * as they are.
 */
const PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'a property name in quotes', pattern: /"[A-Za-z$][A-Za-z0-9]*"/g },
  { name: 'a property name', pattern: /\b[a-z]+[A-Z][A-Za-z0-9]*\b/g },
  { name: 'a file', pattern: /\b(?:pages|data|public|schemas|templates|dist)\/|\b[\w-]+\.json\b/g },
  { name: 'a line number', pattern: /\bline \d+|:\d+:\d+/gi },
  { name: 'a developer’s word', pattern: /\b(?:JSON|schemas?|href|src|slug|camelCase|pointer|boolean|setting:)|\$schema|\b[Ii]ds?\b/g },
];

/** The developer's words in a text the editor shows, each with what it is (empty: the text is in the person's words). */
export function developerWords(text: string, options: { label?: boolean } = {}): string[] {
  const own = text
    .replace(/“[^”]*”/g, '“…”')
    // A text's fill-in marks ({course}, {id}) are part of the text the person edits, as they are.
    .replace(/\{\w+\}/g, '{…}')
    .replace(/(?<=^|[\s(])(?:https?:\/\/|mailto:|tel:|\/)[^\s,;)”]*/g, ' ');
  const found = PATTERNS.flatMap(({ name, pattern }) => [...own.matchAll(pattern)].map((m) => `${name}: ${m[0]}`));
  // A label that is a developer's name for the field by itself ("Path", "Url").
  if (options.label && /^(?:path|url|uri|key)$/i.test(text.trim())) found.push(`a developer’s word: ${text}`);
  return found;
}
