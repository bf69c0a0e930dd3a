import type { CountedText } from '../types.ts';
import { type Locale, renderLocale } from './language.ts';
import { formatIndianNumber } from './money.ts';

/** Fills {name} placeholders of a text from the site's words; unknown names are left as written so a typo shows. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const plurals = new Map<Locale, Intl.PluralRules>();

/**
 * The form of a counted text that fits the count in the language's own rule (Hindi's "one" is 0 and 1), filled in:
 * "1 internship role matches", "6 internship roles match".
 */
export function fillCount(forms: CountedText, count: number, values: Record<string, string | number> = {}, locale: Locale = renderLocale()): string {
  let rules = plurals.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    plurals.set(locale, rules);
  }
  return fill(rules.select(count) === 'one' ? forms.one : forms.other, {
    ...values,
    count: Number.isInteger(count) ? formatIndianNumber(count) : count.toLocaleString(locale),
  });
}
