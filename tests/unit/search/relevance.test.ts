import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSiteContent } from '../../../engine/content/buildSiteContent.ts';
import { createSearcher, type SearchHit, searchData } from '../../../engine/search/searchEngine.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';
import { model } from '../../support/renderSection.tsx';

interface Expectation {
  query: string;
  title?: string;
  url?: string;
  kind?: string;
}

/** The share of the fixture's queries whose expected result must be among the first three. */
const HELD = 0.97;

const { queries } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'tests/fixtures/searchQueries.json'), 'utf8')) as { queries: Expectation[] };
const { search: records, searchAnswers } = buildSiteContent(model);
// Through JSON, as the browser receives the index.
const search = createSearcher(JSON.parse(JSON.stringify(searchData(records, model.site.search.synonyms, searchAnswers))));

const fits = (record: { title: string; url: string; kind: string }, { title, url, kind }: Expectation) =>
  (!title || record.title === title) && (!url || record.url === url) && (!kind || record.kind === kind);

describe('site search relevance', () => {
  it('has at least 190 queries students type, each expecting a result that exists', () => {
    expect(queries.length).toBeGreaterThanOrEqual(190);
    const missing = queries.filter((q) => !records.some((r) => fits(r, q))).map((q) => q.query);
    expect(missing, 'queries whose expected result is no record of the site').toEqual([]);
  });

  it(`finds the expected result among the first three for at least ${HELD * 100}% of queries`, () => {
    const misses = queries.flatMap((q) => {
      const top = search(q.query).slice(0, 3);
      if (top.some((hit: SearchHit) => fits(hit.record, q))) return [];
      const wanted = [q.title, q.kind, q.url].filter(Boolean).join(' ');
      return [`"${q.query}" wanted ${wanted}; got ${top.map((h) => `${h.record.title} [${h.record.kind}] ${h.record.url}`).join(' | ') || 'nothing'}`];
    });
    const rate = 1 - misses.length / queries.length;
    expect(rate, `${(rate * 100).toFixed(1)}% found; missed:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(HELD);
  });

  it('covers every kind the issue names', () => {
    expect(new Set(records.map((r) => r.kind))).toEqual(
      new Set(['course', 'internshipStream', 'internshipRole', 'jobCategory', 'jobRole', 'opening', 'service', 'page']),
    );
  });
});
