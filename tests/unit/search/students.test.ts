import { describe, expect, it } from 'vitest';
import { buildSiteContent } from '../../../engine/content/buildSiteContent.ts';
import { createSearcher, searchData } from '../../../engine/search/searchEngine.ts';
import { model } from '../../support/renderSection.tsx';

/**
 * Issue 28: search as students type. Typos of two letters (swapped ones
 * too), Hinglish and Indian-English words, plain questions, a sentence for
 * what the site does not have, and a list that ends where relevance ends.
 */
const { search: records, searchAnswers } = buildSiteContent(model);
// Through JSON, as the worker receives it.
const search = createSearcher(JSON.parse(JSON.stringify(searchData(records, model.site.search.synonyms, searchAnswers))));
const titles = (query: string, n = 3) =>
  search(query)
    .slice(0, n)
    .map((h) => h.record.title);

describe('search for students', () => {
  it('reads two swapped letters and two-letter typos as the word meant', () => {
    expect(titles('pyhton course', 1)).toEqual(['Python Programming']);
    expect(titles('phramacy', 1)).toEqual(['Pharmacy Internships']);
    expect(titles('web devlopmnt', 1)).toEqual(['Web Development']);
    expect(titles('corporat lwa', 1)).toEqual(['Corporate Law']);
  });

  it('puts the internships hub first for internship, typed right or wrong', () => {
    for (const query of ['internship', 'internshp', 'intership', 'internship kaise milega']) {
      expect(search(query)[0]?.record.url, query).toBe('/internship');
    }
  });

  it('knows Hinglish and Indian-English words', () => {
    expect(titles('vakil internship', 1)).toEqual(['Law Internships']);
    expect(search('naukri')[0]?.record.url).toBe('/jobs');
    expect(titles('CA', 1)).toEqual(['Auditing']);
    expect(titles('B.Pharm 2nd year internship', 1)).toEqual(['Pharmacy Internships']);
    expect(search('ghar se kaam')[0]?.record.url).toBe('/internship?mode=remote#find');
  });

  it('answers what the site does not have in a sentence, and searches for the rest', () => {
    const free = search.answer('free courses');
    expect(free).toContain('short courses ₹899 each, usually ₹1,499');
    expect(free).not.toContain('{');
    expect(search('free courses')[0]?.record.url).toBe('/courses');
    expect(search.answer('sarkari naukri')).toMatch(/^There are no government jobs/);
    expect(search('sarkari naukri')[0]?.record.url).toBe('/jobs');
    // A word inside another is not asked for: "freelance" is not "free".
    expect(search.answer('python course')).toBeUndefined();
    expect(search.answer('freelance')).toBeUndefined();
  });

  it('ends the list where relevance ends, not at the limit', () => {
    for (const query of ['hr', 'pune', 'python', 'criminal law', 'free courses']) {
      const hits = search(query, 40);
      expect(hits.length, query).toBeLessThan(12);
      expect(hits.length, query).toBeGreaterThan(0);
    }
    // A title that is the query leads, and what matches nearly as well stays: HR's jobs and course after Human Resources.
    expect(titles('hr', 6)).toEqual(expect.arrayContaining(['Human Resources', 'HR Jobs', 'HR Management']));
  });

  it('marks the words asked for, not the short words a query word begins with', () => {
    const hit = search('vakil internship').find((h) => h.record.title === 'Internships in Pune');
    expect(hit, 'a city hub is among the results').toBeDefined();
    const marked = hit!.titleRanges.map(([from, to]) => hit!.record.title.slice(from, to + 1));
    expect(marked).toEqual(['Internship']);
  });
});
