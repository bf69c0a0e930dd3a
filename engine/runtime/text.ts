import { fill } from '../shared/fill.ts';
import type { CountedText } from '../types.ts';

// The server's mails fill the same words the same way.
export { fill };

const plurals = new Intl.PluralRules('en-IN');

/** The form of a counted UI string that fits the count, filled in: "1 internship role matches", "6 internship roles match". */
export function fillCount(forms: CountedText, count: number, values: Record<string, string | number> = {}): string {
  return fill(plurals.select(count) === 'one' ? forms.one : forms.other, { ...values, count: count.toLocaleString('en-IN') });
}

/** A stable id for aria-labelledby and the like, from a heading text. */
export function slugId(prefix: string, text: string): string {
  return `${prefix}-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}
