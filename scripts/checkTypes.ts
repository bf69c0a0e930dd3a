/**
 * The questions for the type checker that tsc alone does not ask, run by `npm run typecheck` after tsc:
 * - no code outside engine/sections/<Type>/ names a section type (scripts/lib/sectionHomes.ts, which first shows
 *   on a probe that it finds such a naming);
 * - a section type as `npm run new -- section` writes it compiles (scripts/lib/scaffoldTypes.ts).
 * They ran inside the unit tests, where the compiler took minutes of a busy machine's test time.
 */
import path from 'node:path';
import { scaffoldTypeProblems } from './lib/scaffoldTypes.ts';
import { sectionHomeProblems } from './lib/sectionHomes.ts';

const root = path.resolve(import.meta.dirname, '..');
let failed = false;

const homes = sectionHomeProblems(root);
if (homes.length) {
  failed = true;
  console.error(`Section types named outside their folders:\n${homes.map((line) => `  ${line}`).join('\n')}`);
} else console.log('checkTypes: no code outside engine/sections/<Type>/ names a section type (and the check finds every naming in its probe).');

const scaffold = scaffoldTypeProblems();
if (scaffold.report) {
  failed = true;
  console.error(`A section type as \`npm run new -- section\` writes it does not compile (scripts/newSection.ts writes it):\n${scaffold.report}`);
} else
  console.log(
    `checkTypes: a section type as \`npm run new -- section --definition\` writes it compiles (${scaffold.checked.length} files written or regenerated).`,
  );

process.exit(failed ? 1 : 0);
