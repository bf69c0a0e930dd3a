/** npm run validate: checks every file in pages/ and data/; exits 1 when anything is wrong. */
import { performance } from 'node:perf_hooks';
import { formatProblems } from '../engine/content/problems.ts';
import { templateReminders } from '../engine/content/templateMarks.ts';
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
const reminders = result.model ? templateReminders(result.model) : [];
if (reminders.length) {
  console.log(`\n${reminders.length} texts still start with the template's ✎ and will show as written until you change them:`);
  for (const r of reminders.slice(0, 40)) console.log(`  ${r.file}:${r.line}  ${r.text}`);
}
