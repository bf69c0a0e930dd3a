/** npm run validate: checks every file in pages/ and data/; exits 1 when anything is wrong. */
import { performance } from 'node:perf_hooks';
import { formatProblems } from '../engine/content/problems.ts';
import { validateContent } from '../engine/content/validateContent.ts';

const started = performance.now();
const result = validateContent(process.cwd());
const ms = Math.round(performance.now() - started);
if (result.problems.length > 0) {
  console.error(formatProblems(result.problems));
  console.error(`\nvalidate: ${result.fileCount} files checked in ${ms} ms; fix the problems above and run it again.`);
  process.exit(1);
}
console.log(`validate: ${result.fileCount} files checked in ${ms} ms, no problems.`);
