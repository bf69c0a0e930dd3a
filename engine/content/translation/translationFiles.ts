import { TRANSLATED_LANGUAGES, type TranslatedLanguage, translationLanguageOf } from '../../shared/language.ts';
import type { Collected } from '../../shared/schemaStore.ts';

export { TRANSLATED_LANGUAGES };

/**
 * A translation lives beside the document it translates, named by its language: pages/internship/law.json is
 * translated by pages/internship/law.hi.json, data/site.json by data/site.hi.json. It holds only texts, each at the
 * JSON pointer of the English text it gives in its language, with the English it was made from (`source`): figures,
 * prices, links, ids and dates are never in it, so the English document alone says them in every language.
 */
export interface TranslationEntry {
  /** The English text this translation was made from; when the English changes, the translation is stale. */
  source: string;
  /** The text in the translation's language; empty while nobody has written it. */
  text: string;
}

export interface TranslationDocument {
  $schema?: string;
  texts: Record<string, TranslationEntry>;
}

export type { Language, TranslatedLanguage } from '../../shared/language.ts';

export { translationLanguageOf };

/** pages/internship/law.hi.json → pages/internship/law.json */
export function sourceFileOf(file: string): string {
  const language = translationLanguageOf(file);
  return language ? `${file.slice(0, -`.${language}.json`.length)}.json` : file;
}

/** pages/internship/law.json, hi → pages/internship/law.hi.json */
export function translationFileOf(file: string, language: TranslatedLanguage): string {
  return file.replace(/\.json$/, () => `.${language}.json`);
}

/** The texts of a document in its order, as its schema marks them ("x-text"), by pointer. */
export function textsOf(collected: Collected): Map<string, string> {
  const texts = new Map<string, string>();
  for (const { pointer, value } of collected.texts) if (typeof value === 'string') texts.set(pointer, value);
  return texts;
}

/**
 * The translation brought up to date with its English document: every text the English has, in its order, keeping
 * what was translated (stale ones too: the editor shows them beside the new English), and texts not written yet empty
 * with the English as it is now (what the translator will translate; an old English there would make it stale at once).
 */
export function translationSkeleton(english: Map<string, string>, existing: TranslationDocument | undefined, schemaRef: string): TranslationDocument {
  const texts: Record<string, TranslationEntry> = {};
  for (const [pointer, source] of english) {
    const before = existing?.texts[pointer];
    texts[pointer] = before?.text.trim() ? { source: before.source, text: before.text } : { source, text: '' };
  }
  return { $schema: schemaRef, texts };
}

/** One document's texts in one language, by the pointer of the English text, ready to lay over the English. */
export interface Translation {
  language: TranslatedLanguage;
  /** The translation file, project-relative (pages/internship/law.hi.json). */
  file: string;
  texts: Map<string, string>;
  /** Texts whose English changed since they were translated: shown, and flagged until someone looks at them. */
  stale: Set<string>;
  /** Every text of the English is written: a page is shown in the language only then (never half in English). */
  complete: boolean;
}

/** Translations by the English document they translate, then by language. */
export type Translations = Map<string, Map<TranslatedLanguage, Translation>>;

/** How far a translation is, by the rules checkTranslations holds it to. */
export interface TranslationProgress {
  /** The English document's texts. */
  texts: number;
  /** Texts written in the translation's language (stale ones among them). */
  written: number;
  /** Texts not written yet. */
  toWrite: number;
  /** Written texts whose English changed since they were translated. */
  stale: number;
  /** Whether the file has any text written: one with none is the page not translated yet (checkTranslations). */
  started: boolean;
}

export function translationProgress(english: Map<string, string>, translation: Pick<TranslationDocument, 'texts'> | undefined): TranslationProgress {
  let written = 0;
  let stale = 0;
  for (const [pointer, source] of english) {
    const entry = translation?.texts[pointer];
    if (!entry?.text.trim()) continue;
    written++;
    if (entry.source !== source) stale++;
  }
  const started = Object.values(translation?.texts ?? {}).some((entry) => entry.text.trim());
  return { texts: english.size, written, toWrite: english.size - written, stale, started };
}
