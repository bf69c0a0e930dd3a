import { PLAIN_LINE_PATTERN, PLAIN_LINES_PATTERN } from '../engine/shared/plainText.ts';

/** Where the rules of text from outside are written, for the request schemas and the certificate's fields to use. */
export const TEXT_RULES_SCHEMA = 'schemas/api/text.schema.json';

/** schemas/api/text.schema.json, from engine/shared/plainText.ts: the one rule of what text from outside may hold. */
export function textRulesSchema(): string {
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'ApiText',
    description:
      'What text from outside may hold, for every request schema and the certificate’s fields (written by npm run codegen from engine/shared/plainText.ts, which says why each character is refused): no control characters (a NUL cannot be stored in PostgreSQL; a line break in a name or a file name breaks mails, exports and the audit log), no line or paragraph separators, no bidirectional controls (U+202E and its kind make a name read differently from what it holds), and no U+FEFF. The zero-width joiner and non-joiner, which Devanagari needs, are kept.',
    $defs: {
      line: {
        type: 'string',
        pattern: PLAIN_LINE_PATTERN,
        description: 'One line of text: no control characters (C0, DEL, C1), no line or paragraph separators, no bidirectional controls, no U+FEFF.',
        examples: ['Asha Kumari', 'अर्जुन क्\u200dषत्रिय'],
      },
      lines: {
        type: 'string',
        pattern: PLAIN_LINES_PATTERN,
        description: 'Text that may run over several lines (tabs and line breaks allowed), otherwise as a line.',
        examples: ['Is the Revit course taught in Hindi?\nI am in my second year.'],
      },
    },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
