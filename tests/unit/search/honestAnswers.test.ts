import { describe, expect, it } from 'vitest';
import { buildSiteContent } from '../../../engine/content/buildSiteContent.ts';
import { createSearcher, searchData } from '../../../engine/search/searchEngine.ts';
import { formatRupees } from '../../../engine/shared/money.ts';
import type { Course, CourseDetail } from '../../../engine/types.ts';
import { model } from '../../support/renderSection.tsx';

/**
 * Issue 37, honest answers: "job for fresher" listed job roles asking 1–4 years first, and "free course" opened the
 * courses page without saying what a course costs.
 */
const { search: records, searchAnswers } = buildSiteContent(model);
// Through JSON, as the worker receives it.
const search = createSearcher(JSON.parse(JSON.stringify(searchData(records, model.site.search.synonyms, searchAnswers))));
const noExperience = model.site.search.noExperience ?? '';
const asksNoExperience = (id: number) => noExperience !== '' && records[id]!.text.includes(noExperience.split(',')[0]!.trim());
const ROLES = new Set(['internshipRole', 'jobRole', 'opening']);

describe('search for freshers', () => {
  it('lists first, for fresher and entry level, only roles that ask no experience', () => {
    for (const query of ['job for fresher', 'fresher', 'freshers', 'entry level', 'entry level internship']) {
      const roles = search(query)
        .slice(0, 3)
        .filter((hit) => ROLES.has(hit.record.kind));
      expect(roles.length, `${query}: a role among the first three`).toBeGreaterThan(0);
      for (const hit of roles) expect(asksNoExperience(hit.record.id), `${query}: ${hit.record.title} asks for experience`).toBe(true);
    }
  });

  it('keeps a course asked for by name first: the words are for freshers, not for beginners at a subject', () => {
    expect(search('python for beginners')[0]?.record.title).toBe('Python Programming');
    expect(search('web development for freshers')[0]?.record.title).toBe('Web Development');
  });
});

describe('a query for what the site does not have', () => {
  it('says what there is instead, with the lowest course price and the stipends worked out from the content', () => {
    const courses = [...(model.entities.get('courses')?.values() ?? [])].map((r) => (r.entity as unknown as Course).price);
    const professional = [...(model.entities.get('courseDetails')?.values() ?? [])].map((r) => (r.entity as unknown as CourseDetail).newPrice);
    const lowest = formatRupees(Math.min(...courses, ...professional));
    for (const query of ['free course', 'free courses', 'free internship']) {
      const note = search.answer(query);
      expect(note, query).toContain(`courses start at ${lowest}`);
      expect(note, query).toMatch(/stipend of ₹[\d,]+ to ₹[\d,]+ a month/);
      expect(note, query).not.toContain('{');
    }
  });
});
