import { searchData } from '../../search/searchEngine.ts';
import type { SearchAnswerText, SearchData, SearchRecord } from '../../search/searchTypes.ts';
import { LANGUAGES, type Language, languagePath } from '../../shared/language.ts';

/** What the build made of one language's pages for search. */
interface LanguageSearch {
  search: SearchRecord[];
  searchAnswers: SearchAnswerText[];
}

/**
 * A record's id without its language: the same thing's records in every language share it (role:/hi/internship/law:x
 * and role:/internship/law:x). The path in an id is the part after its kind.
 */
export function sharedRecordId(id: string, language: Language): string {
  if (language === 'en') return id;
  return id.replace(new RegExp(`(?<=:)/${language}(?=/)`), '').replace(new RegExp(`(?<=:)/${language}(?=:|$)`), '/');
}

/**
 * Each language's search data, from the records its pages made: a student types in Hindi, in English or in Hinglish
 * whichever page she is on, so every language's search reads all of them.
 *
 * - Each record is also known by its titles in the other languages (its English title on a Hindi page: the English
 *   names students type in Latin letters; its Hindi title on an English one), paired by id, and on a Hindi page by its
 *   English line too (course, internship, weeks, the city: the words besides a name). These are the names as
 *   the site writes them, not a romanisation of the Devanagari: the Hindi pages write most terms as English words in
 *   Devanagari (लॉ, फ़ार्मेसी), whose romanisation ("lo", "pharmesi") is what nobody types.
 * - Hinglish and Hindi words the pages do not write (kanoon, dawai, कानून) are synonyms in data/site.json, written
 *   in each language as its pages write them; a page reads its language's synonyms, and English's (its records carry
 *   their English titles, and pages not yet translated their English words).
 * - A page not translated yet is found in the language by its English words, at its address there (where it shows
 *   the English and says so): search engines are not asked to list it, but a visitor looking for it finds it.
 */
export function searchDataInLanguages(
  content: Record<Language, LanguageSearch>,
  synonyms: Record<Language, Record<string, string | undefined>>,
): Record<Language, SearchData> {
  const byId = Object.fromEntries(
    LANGUAGES.map((language) => [language, new Map(content[language].search.map((record) => [sharedRecordId(record.id, language), record]))]),
  ) as Record<Language, Map<string, SearchRecord>>;
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const others = LANGUAGES.filter((l) => l !== language);
      const records = content[language].search.map((record): SearchRecord => {
        const id = sharedRecordId(record.id, language);
        const otherTitles = others.flatMap((other) => byId[other].get(id)?.title ?? []);
        // On another language's page, the English line under the title too: the words a query in Latin letters carries
        // besides a name ("python course", "internship in pune") are English ones.
        const english = language === 'en' ? undefined : byId.en.get(id)?.context;
        return { ...record, ...(otherTitles.length ? { otherTitles } : {}), ...(english ? { otherText: english } : {}) };
      });
      if (language !== 'en') {
        for (const [id, page] of byId.en) {
          if (page.kind !== 'page' || byId[language].has(id)) continue;
          records.push({ ...page, id: `page:${languagePath(language, page.url)}`, url: languagePath(language, page.url) });
        }
      }
      // English's synonyms are read on every other language's pages: their records carry English titles, and pages not yet translated English words.
      const data = searchData(records, synonyms[language], content[language].searchAnswers, language === 'en' ? [] : [synonyms.en]);
      return [language, data];
    }),
  ) as Record<Language, SearchData>;
}
