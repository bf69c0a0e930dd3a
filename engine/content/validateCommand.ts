import { performance } from 'node:perf_hooks';
import { formatProblem, formatProblems } from './problems.ts';
import { validateContent } from './validateContent.ts';

/**
 * What `npm run validate` does, writing to the streams given: every file of
 * pages/ and data/ checked, problems with file:line:column and the pointer,
 * the ✎ texts still to write and the placeholder links as warnings. Answers the exit code (1 when
 * anything is wrong). Tests run it in process, with texts in place of files (`overlay`) instead of a
 * copy of the project.
 */
export function validateCommand(
  root: string,
  io: { out(line: string): void; err(line: string): void },
  options: { overlay?: ReadonlyMap<string, string> } = {},
): number {
  const started = performance.now();
  const result = validateContent(root, options.overlay ? { overlay: options.overlay } : {});
  const ms = Math.round(performance.now() - started);
  if (result.problems.length > 0) {
    io.err(formatProblems(result.problems));
    io.err(`\nvalidate: ${result.fileCount} files checked in ${ms} ms; fix the problems above and run it again.`);
    return 1;
  }
  io.out(`validate: ${result.fileCount} files checked in ${ms} ms, no problems.`);
  const templateTexts = result.warnings.filter((w) => w.code === 'TEMPLATE_TEXT');
  const placeholders = result.warnings.filter((w) => w.code === 'PLACEHOLDER_LINK');
  const list = (warnings: typeof result.warnings) => {
    for (const warning of warnings.slice(0, 40)) io.out(`${formatProblem(warning)}\n`);
    if (warnings.length > 40) io.out(`… and ${warnings.length - 40} more.`);
  };
  if (templateTexts.length) {
    io.out(`\n${templateTexts.length} texts still hold the template's ✎ placeholder; \`npm run build\` refuses them until they are written:\n`);
    list(templateTexts);
  }
  if (placeholders.length) {
    io.out(
      `\n${placeholders.length} ${placeholders.length === 1 ? 'link is' : 'links are'} not the real address yet (marked placeholder:, or an example address); a production build (NODE_ENV=production npm run build, or Publish in the editor) refuses them until they are:\n`,
    );
    list(placeholders);
  }
  return 0;
}
