import { bracedNames } from '../../shared/placeholders.ts';
import type { ParsedFile } from '../contentModel.ts';
import { locate } from '../jsonSource.ts';
import { type Problem, problem } from '../problems.ts';
import { type TranslatedLanguage, type TranslationDocument, textsOf } from './translationFiles.ts';

/** One document's texts in one language, by the pointer of the English text, ready to lay over the English. */
export interface Translation {
  language: TranslatedLanguage;
  /** The translation file, project-relative (pages/internship/law.hi.json). */
  file: string;
  texts: Map<string, string>;
  /** Texts whose English changed since they were translated: shown, and flagged until someone looks at them. */
  stale: Set<string>;
}

/** Translations by the English document they translate, then by language. */
export type Translations = Map<string, Map<TranslatedLanguage, Translation>>;

/** The figures of a text, so a translation can be held to the English's: digits of any script, grouping commas aside. */
export function figuresOf(text: string): string[] {
  const latin = text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966)).replace(/(?<=\d),(?=\d)/g, '');
  return (latin.match(/\d+(?:\.\d+)?/g) ?? []).sort();
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Every translation held to its English document: each text it gives is a text of the English (never a figure, a
 * link, an id or a date), written, with the English's figures and {placeholders}; a text whose English changed since
 * is stale (a warning). A translation with no text written is not started: nothing to check, nothing laid over.
 * Answers the translations to lay over the English, and what is wrong.
 */
export function checkTranslations(parsedFiles: readonly ParsedFile[]): { problems: Problem[]; warnings: Problem[]; translations: Translations } {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const translations: Translations = new Map();
  const byRel = new Map(parsedFiles.map((p) => [p.file.rel, p]));
  for (const parsed of parsedFiles) {
    const { file, source } = parsed;
    if (file.kind !== 'translation' || !file.language || !file.translates) continue;
    const doc = source.value as TranslationDocument;
    const english = byRel.get(file.translates);
    const place = (segments: string[], pointer: string) => ({ file: file.rel, ...locate(source, segments), pointer });
    if (!english || english.file.kind === 'translation') {
      problems.push(problem('TRANSLATION_WITHOUT_ENGLISH', { file: file.rel, line: 1, column: 1, pointer: '' }, { english: file.translates }));
      continue;
    }
    const englishTexts = textsOf(english.collected);
    const given = doc.texts ?? {};
    // A translation with no text written yet (a new page starts with one, `npm run new` and the editor's new page) is
    // the page not translated yet: shown in English with the notice, as if the file were not there, and no error.
    if (!Object.values(given).some((entry) => entry.text.trim())) continue;
    const translation: Translation = { language: file.language, file: file.rel, texts: new Map(), stale: new Set() };
    for (const [pointer, entry] of Object.entries(given)) {
      const at = place(['texts', pointer], `/texts/${pointer.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      const current = englishTexts.get(pointer);
      if (current === undefined) {
        problems.push(problem('TRANSLATION_NOT_A_TEXT', at, { english: file.translates, pointer, text: entry.text }));
        continue;
      }
      if (!entry.text.trim()) continue; // reported below, with the texts the file lacks
      const figures = figuresOf(current);
      if (!sameList(figures, figuresOf(entry.text))) {
        problems.push(problem('TRANSLATION_CHANGES_A_FIGURE', at, { english: current, text: entry.text, figures, written: figuresOf(entry.text) }));
        continue;
      }
      const wanted = bracedNames(current).sort();
      if (!sameList(wanted, bracedNames(entry.text).sort())) {
        problems.push(problem('TRANSLATION_PLACEHOLDERS', at, { english: current, text: entry.text, placeholders: wanted }));
        continue;
      }
      translation.texts.set(pointer, entry.text);
      if (entry.source !== current) {
        translation.stale.add(pointer);
        warnings.push(problem('TRANSLATION_STALE', place(['texts', pointer, 'source'], at.pointer), { was: entry.source, now: current, text: entry.text }));
      }
    }
    for (const [pointer, english] of englishTexts) {
      if (given[pointer]?.text.trim()) continue;
      const segments = given[pointer] ? ['texts', pointer, 'text'] : ['texts'];
      problems.push(problem('TRANSLATION_MISSING', place(segments, `/texts/${pointer.replace(/~/g, '~0').replace(/\//g, '~1')}`), { english, pointer }));
    }
    const languages = translations.get(file.translates) ?? new Map<TranslatedLanguage, Translation>();
    languages.set(file.language, translation);
    translations.set(file.translates, languages);
  }
  return { problems, warnings, translations };
}
