/**
 * npm run new -- internship "Data Analytics" | jobs "Finance Jobs" | course "Cloud Computing" | section callout [--definition]
 * Writes a complete, valid starting page (and, for a course, its data file) from the templates in templates/, each
 * with its translation beside it, nothing written yet (law.hi.json: the page is not translated until its texts are),
 * or the files of a new section type. Texts to change start with ✎; `npm run validate` lists any that remain.
 */
import fs from 'node:fs';
import path from 'node:path';
import { projectPaths } from '../engine/content/projectPaths.ts';
import { nameProblem, SCAFFOLDS, type ScaffoldKind, scaffoldConflict, scaffoldFiles, templateLines } from '../engine/content/scaffolds.ts';
import { TEMPLATE_MARK } from '../engine/content/templateMarks.ts';
import { TRANSLATED_LANGUAGES, translationLanguageOf } from '../engine/content/translation/translationFiles.ts';
import { generateForNewSection, newSectionType } from './newSection.ts';

const [kind, rawName] = process.argv.slice(2);
const usage = `Usage: npm run new -- ${Object.entries(SCAFFOLDS)
  .map(([k, s]) => `${k} "${s.example}"`)
  .join(' | ')} | section <typeName> [--definition]`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const paths = projectPaths(process.cwd());

if (kind === 'section') {
  const result = newSectionType(paths.root, rawName ?? '');
  if ('error' in result) fail(`${result.error}\n${usage}`);
  await generateForNewSection(paths.root);
  process.exit(0);
}

if (!kind || !(kind in SCAFFOLDS)) fail(usage);
const name = (rawName ?? '').trim().replace(/\s+/g, ' ');
const problem = nameProblem(name);
if (problem) fail(`${problem}\n${usage}`);

const site = JSON.parse(fs.readFileSync(path.join(paths.data, 'site.json'), 'utf8')) as { name: string };
const files = scaffoldFiles(paths, kind as ScaffoldKind, name, site.name);
const page = files.find((f) => f.rel.startsWith('pages/'))!;
const pagePath = (JSON.parse(page.text) as { path: string }).path;
const conflict = scaffoldConflict(paths, files);
if (conflict) fail(conflict);

// The address comes from the name, cleaned (engine/content/scaffolds.ts addressPart): said, so nobody types another.
console.log(`The page's address: ${pagePath} (from "${name}": small letters, hyphens between words).`);
const documents = files.filter((f) => !translationLanguageOf(f.rel));
for (const { rel, text } of files) {
  fs.mkdirSync(path.dirname(path.join(paths.root, rel)), { recursive: true });
  fs.writeFileSync(path.join(paths.root, rel), text);
  console.log(`Created ${rel}`);
  const language = translationLanguageOf(rel);
  if (language) {
    console.log(`  its translation (${language}), nothing written yet: the page shows in English under /${language}/ until its texts are.`);
    continue;
  }
  const lines = templateLines(text);
  console.log(`  ${lines.length} texts to change (marked ${TEMPLATE_MARK}), on lines ${lines.join(', ')}.`);
}
console.log(`
Next: open ${documents.map((c) => c.rel).join(' and ')} and write over every text that starts with ${TEMPLATE_MARK}.
Also check the figures (stipends, weeks, prices) and replace the pictures (see CONTENT.md).
Then run \`npm run validate\`, and \`npm start\` to see the page at http://localhost:5000${encodeURI(pagePath)}.
It is already in the navigation, the search and the sitemap; nothing else needs to change.
Once the English is written, translate it in the editor (npm run edit: the page's हिंदी tab) or with
\`npm run translate -- ${TRANSLATED_LANGUAGES[0]} ${documents.map((c) => JSON.stringify(c.rel)).join(' ')}\`, which lists every text to write.`);
