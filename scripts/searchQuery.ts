/**
 * npm run search -- "query" ["query" …]: the first results site search gives, with their scores.
 * npm run search -- --hi "कानून इंटर्नशिप": the same on the Hindi pages.
 * For tuning synonyms in data/site.json (and their Hindi in data/site.hi.json) and checking a new page is found.
 */
import { formatProblems } from '../engine/content/problems.ts';
import { validateContent } from '../engine/content/validateContent.ts';
import { createSearcher } from '../engine/search/searchEngine.ts';
import { LANGUAGES, type Language } from '../engine/shared/language.ts';
import { snapshotFrom } from '../engine/vite/contentPlugin.ts';

const result = validateContent(process.cwd());
if (!result.model) {
  console.error(formatProblems(result.problems));
  process.exit(1);
}
const args = process.argv.slice(2);
const language = (LANGUAGES.find((l) => args.includes(`--${l}`)) ?? 'en') as Language;
// What that language's pages load, through JSON as the worker receives it.
const data = snapshotFrom(result.model).search[language];
const search = createSearcher(JSON.parse(JSON.stringify(data)));
console.log(`${data.records.length} search records (${language})`);
for (const query of args.filter((a) => !a.startsWith('--'))) {
  console.log(`\n"${query}"`);
  const answer = search.answer(query);
  if (answer) console.log(`  ${answer}`);
  for (const hit of search(query).slice(0, 8)) console.log(`  ${hit.score.toFixed(3)}  ${hit.record.title}  [${hit.record.kind}]  ${hit.record.url}`);
}
