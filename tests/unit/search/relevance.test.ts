import fs from 'node:fs';
import path from 'node:path';
import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { buildSiteContent } from '../../../engine/content/buildSiteContent.ts';
import { buildIndexJson, createSearcher } from '../../../engine/search/searchEngine.ts';
import { projectRoot } from '../../../tooling/projectCopy.ts';
import { model } from '../../support/renderSection.tsx';

interface Expectation {
  query: string;
  title?: string;
  url?: string;
  kind?: string;
}

const { queries } = JSON.parse(fs.readFileSync(path.join(projectRoot, 'tests/fixtures/searchQueries.json'), 'utf8')) as { queries: Expectation[] };
const records = buildSiteContent(model).search;
const search = createSearcher(Fuse, records, JSON.parse(JSON.stringify(buildIndexJson(Fuse, records))), model.site.search.synonyms);

describe('site search relevance', () => {
  it('has at least 40 queries to answer', () => {
    expect(queries.length).toBeGreaterThanOrEqual(40);
  });

  it.each(queries)('"$query" finds the expected first result', ({ query, title, url, kind }) => {
    const [first, ...rest] = search(query);
    const shown = [first, ...rest.slice(0, 4)].map((h) => h && `${h.record.title} [${h.record.kind}] ${h.record.url} ${h.score.toFixed(3)}`).join('\n');
    expect(first, `no result for "${query}"`).toBeDefined();
    if (title) expect(first!.record.title, shown).toBe(title);
    if (url) expect(first!.record.url, shown).toBe(url);
    if (kind) expect(first!.record.kind, shown).toBe(kind);
  });

  it('covers every kind the issue names', () => {
    expect(new Set(records.map((r) => r.kind))).toEqual(
      new Set(['course', 'internshipStream', 'internshipRole', 'jobCategory', 'jobRole', 'opening', 'service', 'page']),
    );
  });
});
