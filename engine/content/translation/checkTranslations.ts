import { bracedNames } from '../../shared/placeholders.ts';
import type { ParsedFile } from '../contentModel.ts';
import { locate } from '../jsonSource.ts';
import { type Problem, problem } from '../problems.ts';
import { type TranslatedLanguage, type Translation, type TranslationDocument, type Translations, textsOf } from './translationFiles.ts';

export type { Translation, Translations };

/** The figures of a text, so a translation can be held to the English's: digits of any script, grouping commas aside. */
export function figuresOf(text: string): string[] {
  const latin = text.replace(/[०-९]/g, (d) => String(d.charCodeAt(0) - 0x966)).replace(/(?<=\d),(?=\d)/g, '');
  return (latin.match(/\d+(?:\.\d+)?/g) ?? []).sort();
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Every translation held to its English document: each text it gives is a text of the English (never a figure, a
 * link, an id or a date), with the English's figures and {placeholders}; a text not written yet, and a text whose
 * English changed since it was translated (stale), are warnings. A translation with no text written is not started:
 * nothing to check, nothing laid over. Answers the translations to lay over the English, and what is wrong.
 */
export function checkTranslations(
  parsedFiles: readonly ParsedFile[],
  /** English documents with problems of their own: their translations are checked once they are fixed (one mistake, one report). */
  unsound: ReadonlySet<string> = new Set(),
): { problems: Problem[]; warnings: Problem[]; translations: Translations } {
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
    if (unsound.has(file.translates)) continue;
    if (!english || english.file.kind === 'translation') {
      problems.push(problem('TRANSLATION_WITHOUT_ENGLISH', { file: file.rel, line: 1, column: 1, pointer: '' }, { english: file.translates }));
      continue;
    }
    const englishTexts = textsOf(english.collected);
    const given = doc.texts ?? {};
    // A translation with no text written yet (a new page starts with one, `npm run new` and the editor's new page) is
    // the page not translated yet: shown in English with the notice, as if the file were not there, and no warning.
    if (!Object.values(given).some((entry) => entry.text.trim())) continue;
    const translation: Translation = { language: file.language, file: file.rel, texts: new Map(), stale: new Set(), complete: true };
    for (const [pointer, entry] of Object.entries(given)) {
      const at = place(['texts', pointer], `/texts/${pointer.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      const current = englishTexts.get(pointer);
      if (current === undefined) {
        problems.push(problem('TRANSLATION_NOT_A_TEXT', at, { english: file.translates, pointer, text: entry.text }));
        continue;
      }
      if (!entry.text.trim()) continue; // reported below, with the texts the file lacks
      const atText = place(['texts', pointer, 'text'], at.pointer);
      const figures = figuresOf(current);
      if (!sameList(figures, figuresOf(entry.text))) {
        problems.push(problem('TRANSLATION_CHANGES_A_FIGURE', atText, { english: current, text: entry.text, figures, written: figuresOf(entry.text) }));
        continue;
      }
      const wanted = bracedNames(current).sort();
      if (!sameList(wanted, bracedNames(entry.text).sort())) {
        problems.push(problem('TRANSLATION_PLACEHOLDERS', atText, { english: current, text: entry.text, placeholders: wanted }));
        continue;
      }
      translation.texts.set(pointer, entry.text);
      if (entry.source !== current) {
        translation.stale.add(pointer);
        warnings.push(problem('TRANSLATION_STALE', place(['texts', pointer, 'source'], at.pointer), { was: entry.source, now: current, text: entry.text }));
      }
    }
    // A text not written yet is a warning: the page stays in English under the language's address (with a notice)
    // until every text is, and a data file's unwritten texts read in English; the English is never held back.
    for (const [pointer, english] of englishTexts) {
      if (given[pointer]?.text.trim()) continue;
      translation.complete = false;
      const segments = given[pointer] ? ['texts', pointer, 'text'] : ['texts'];
      warnings.push(problem('TRANSLATION_MISSING', place(segments, `/texts/${pointer.replace(/~/g, '~0').replace(/\//g, '~1')}`), { english, pointer }));
    }
    const languages = translations.get(file.translates) ?? new Map<TranslatedLanguage, Translation>();
    languages.set(file.language, translation);
    translations.set(file.translates, languages);
  }
  return { problems, warnings, translations };
}
