import type { CountedText } from '../types.ts';

/** Fills {name} placeholders of a text from the site's words; unknown names are left as written so a typo shows. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const plurals = new Intl.PluralRules('en-IN');

/** The form of a counted text that fits the count, filled in: "1 internship role matches", "6 internship roles match". */
export function fillCount(forms: CountedText, count: number, values: Record<string, string | number> = {}): string {
  return fill(plurals.select(count) === 'one' ? forms.one : forms.other, { ...values, count: count.toLocaleString('en-IN') });
}
