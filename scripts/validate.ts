/** npm run validate: checks every file in pages/ and data/; exits 1 when anything is wrong. */
import { performance } from 'node:perf_hooks';
import { formatProblem, formatProblems } from '../engine/content/problems.ts';
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
const unfinished = result.warnings;
if (unfinished.length) {
  console.log(`\n${unfinished.length} texts still hold the template's ✎ placeholder; \`npm run build\` refuses them until they are written:\n`);
  for (const warning of unfinished.slice(0, 40)) console.log(`${formatProblem(warning)}\n`);
  if (unfinished.length > 40) console.log(`… and ${unfinished.length - 40} more.`);
}
