/**
 * npm run search -- "query" ["query" …]: the first results site search gives, with their scores.
 * For tuning synonyms in data/site.json and checking a new page is found.
 */
import { buildSiteContent } from '../engine/content/buildSiteContent.ts';
import { formatProblems } from '../engine/content/problems.ts';
import { validateContent } from '../engine/content/validateContent.ts';
import { createSearcher, searchData } from '../engine/search/searchEngine.ts';

const result = validateContent(process.cwd());
if (!result.model) {
  console.error(formatProblems(result.problems));
  process.exit(1);
}
const model = result.model;
const { search: records, searchAnswers } = buildSiteContent(model);
const search = createSearcher(JSON.parse(JSON.stringify(searchData(records, model.site.search.synonyms, searchAnswers))));
console.log(`${records.length} search records`);
for (const query of process.argv.slice(2)) {
  console.log(`\n"${query}"`);
  for (const hit of search(query).slice(0, 8)) console.log(`  ${hit.score.toFixed(3)}  ${hit.record.title}  [${hit.record.kind}]  ${hit.record.url}`);
}
