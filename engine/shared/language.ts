/**
 * The languages the site is written in. English is at today's addresses; every other language has a path of its own
 * (Hindi under /hi) and a translation file beside each English document (law.json → law.hi.json).
 */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const TRANSLATED_LANGUAGES = ['hi'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** What <html lang>, hreflang and the formatters say for each language: India's English and India's Hindi. */
export const LOCALES: Record<Language, 'en-IN' | 'hi-IN'> = { en: 'en-IN', hi: 'hi-IN' };
export type Locale = (typeof LOCALES)[Language];

/** Where a page is in a language: /internship/law → /hi/internship/law; the English address as it is. */
export function languagePath(language: Language, englishPath: string): string {
  if (language === 'en') return englishPath;
  return englishPath === '/' ? `/${language}` : `/${language}${englishPath}`;
}

/** The language of an address and its English address: /hi/internship/law → hi, /internship/law. */
export function languageOfPath(path: string): { language: Language; englishPath: string } {
  for (const language of TRANSLATED_LANGUAGES) {
    const prefix = `/${language}`;
    if (path === prefix || path.toLowerCase() === prefix || path.toLowerCase().startsWith(`${prefix}/`)) {
      return { language, englishPath: path.slice(prefix.length) || '/' };
    }
  }
  return { language: 'en', englishPath: path };
}

let current: Locale = 'en-IN';

/**
 * The locale numbers, dates, lists and counted words are written in when a caller does not say: a page is in one
 * language, so the renderer sets it before each synchronous render, and the browser once from the page it loads.
 * The server's mails and PDFs say theirs.
 */
export function setRenderLocale(locale: Locale): void {
  current = locale;
}

export function renderLocale(): Locale {
  return current;
}

const TRANSLATION_FILE = new RegExp(`\\.(${TRANSLATED_LANGUAGES.join('|')})\\.json$`);

/** The language a content file translates into, when it is a translation (law.hi.json → hi); undefined for a document. */
export function translationLanguageOf(file: string): TranslatedLanguage | undefined {
  return TRANSLATION_FILE.exec(file)?.[1] as TranslatedLanguage | undefined;
}
