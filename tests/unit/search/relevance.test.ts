import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSearcher, type SearchHit, tokenize } from '../../../engine/search/searchEngine.ts';
import { LANGUAGES, type Language, languagePath } from '../../../engine/shared/language.ts';
import { snapshotFrom } from '../../../engine/vite/contentPlugin.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';
import { model } from '../../support/renderSection.tsx';

interface Expectation {
  query: string;
  title?: string;
  /** The English address; on another language's pages, its address there. */
  url?: string;
  kind?: string;
  /** The pages the query is typed on: English when it does not say. */
  languages?: Language[];
}

/** The share of the fixture's queries whose expected result must be among the first three, on each language's pages. */
const HELD = 0.97;

const { queries } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'tests/fixtures/searchQueries.json'), 'utf8')) as { queries: Expectation[] };
// Each language's search data as the build ships it to its pages (virtual:search-data-en, /hi), through JSON as the worker receives it.
const shipped = snapshotFrom(model).search;
const data = Object.fromEntries(LANGUAGES.map((l) => [l, JSON.parse(JSON.stringify(shipped[l])) as typeof shipped.en])) as typeof shipped;
const searchers = Object.fromEntries(LANGUAGES.map((l) => [l, createSearcher(data[l])])) as Record<Language, ReturnType<typeof createSearcher>>;

/** The queries typed on a language's pages, each with the address it wants there. */
const casesOf = (language: Language, named?: boolean) =>
  queries
    .filter((q) => (q.languages ?? ['en']).includes(language) && (named === undefined || named === Boolean(q.languages)))
    .map((q) => (q.url ? { ...q, url: languagePath(language, q.url) } : q));

const fits = (record: { title: string; url: string; kind: string }, { title, url, kind }: Expectation) =>
  (!title || record.title === title) && (!url || record.url === url) && (!kind || record.kind === kind);

function misses(language: Language, cases: Expectation[]): string[] {
  return cases.flatMap((q) => {
    const top = searchers[language](q.query).slice(0, 3);
    if (top.some((hit: SearchHit) => fits(hit.record, q))) return [];
    const wanted = [q.title, q.kind, q.url].filter(Boolean).join(' ');
    return [
      `[${language}] "${q.query}" wanted ${wanted}; got ${top.map((h) => `${h.record.title} [${h.record.kind}] ${h.record.url}`).join(' | ') || 'nothing'}`,
    ];
  });
}

describe('site search relevance', () => {
  it('has at least 190 queries students type, each expecting a result that exists', () => {
    expect(queries.length).toBeGreaterThanOrEqual(190);
    const missing = LANGUAGES.flatMap((l) =>
      casesOf(l)
        .filter((q) => !data[l].records.some((r) => fits(r, q)))
        .map((q) => `[${l}] ${q.query}`),
    );
    expect(missing, 'queries whose expected result is no record of the site').toEqual([]);
  });

  it(`finds the expected result among the first three for at least ${HELD * 100}% of the English queries`, () => {
    const cases = casesOf('en', false);
    const missed = misses('en', cases);
    const rate = 1 - missed.length / cases.length;
    expect(rate, `${(rate * 100).toFixed(1)}% found; missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(HELD);
  });

  it('covers every kind the issue names', () => {
    expect(new Set(data.en.records.map((r) => r.kind))).toEqual(
      new Set(['course', 'internshipStream', 'internshipRole', 'jobCategory', 'jobRole', 'opening', 'service', 'page']),
    );
  });
});

describe('search in Hindi and English (issue 36)', () => {
  const bilingual = LANGUAGES.flatMap((l) => casesOf(l, true));

  it('has at least 30 Hindi and Hinglish queries, most typed on the pages of both languages', () => {
    const named = queries.filter((q) => q.languages);
    expect(named.length).toBeGreaterThanOrEqual(30);
    expect(named.filter((q) => /[\u0900-\u097F]/.test(q.query)).length).toBeGreaterThanOrEqual(30);
    expect(named.filter((q) => q.languages!.length === 2).length).toBeGreaterThanOrEqual(30);
  });

  for (const language of LANGUAGES) {
    it(`finds the expected result among the first three for at least ${HELD * 100}% of them on the ${language} pages`, () => {
      const cases = casesOf(language, true);
      const missed = misses(language, cases);
      const rate = 1 - missed.length / cases.length;
      expect(rate, `${(rate * 100).toFixed(1)}% of ${cases.length} found; missed:\n${missed.join('\n')}`).toBeGreaterThanOrEqual(HELD);
    });
  }

  it('lands "कानून इंटर्नशिप" on the law stream first, on a Hindi page at its Hindi address, and on an English page too', () => {
    expect(searchers.hi('कानून इंटर्नशिप')[0]?.record.url).toBe('/hi/internship/law');
    expect(searchers.en('कानून इंटर्नशिप')[0]?.record.url).toBe('/internship/law');
    expect(searchers.hi('kanoon internship')[0]?.record.url).toBe('/hi/internship/law');
  });

  it('lists only Hindi addresses on Hindi pages, and only English ones on English pages', () => {
    const queried = [...new Set(bilingual.map((q) => q.query))];
    for (const query of queried) {
      for (const hit of searchers.hi(query)) expect(hit.record.url, query).toMatch(/^\/hi(\/|$|\?|#)/);
      for (const hit of searchers.en(query)) expect(hit.record.url, query).not.toMatch(/^\/hi(\/|$|\?|#)/);
    }
  });

  it('holds the Hindi titles and texts of the translations on Hindi pages, with the English terms the pages keep', () => {
    const law = data.hi.records.find((r) => r.url === '/hi/internship/law' && r.kind === 'internshipStream')!;
    // The stream's title as pages/internship/law.hi.json writes it.
    const translated = model.translations.get('pages/internship/law.json')?.get('hi')?.texts;
    expect(law.title).toMatch(/[\u0900-\u097F]/);
    expect(translated?.get('/sections/0/title')).toBe(law.title);
    const role = data.hi.records.findIndex((r) => r.url === '/hi/internship/law?role=corporateLaw');
    const words = data.hi.words[role]!.split(' ');
    // Whole Hindi words of the role's translated text, and the terms the Hindi keeps in English (LLB).
    expect(words).toEqual(expect.arrayContaining(tokenize('कॉन्ट्रैक्ट ड्राफ्टिंग कंप्लायंस llb')));
    // Its English title, for a query in Latin letters.
    expect(data.hi.otherTitles[role]).toEqual(['Corporate Law']);
  });

  it('says in Hindi, on Hindi pages, what the site does not have, asked in either script', () => {
    expect(searchers.hi.answer('सरकारी नौकरी')).toMatch(/^इस साइट पर सरकारी नौकरियाँ नहीं हैं/);
    expect(searchers.hi.answer('sarkari naukri')).toMatch(/^इस साइट पर सरकारी नौकरियाँ नहीं हैं/);
    expect(searchers.en.answer('सरकारी नौकरी')).toMatch(/^There are no government jobs/);
    expect(searchers.hi.answer('मुफ्त कोर्स')).not.toContain('{');
  });
});
