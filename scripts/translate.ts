/**
 * npm run translate -- hi <file>…   writes or brings up to date each file's translation beside it (law.json →
 *                                    law.hi.json): every text of the English in its order, what was translated kept,
 *                                    new texts empty for a translator to write (npm run validate lists them).
 * npm run translate -- hi --status  how far each translation is: texts, written, missing and stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { discoverContent } from '../engine/content/discoverContent.ts';
import { projectPaths, toProjectRelative } from '../engine/content/projectPaths.ts';
import {
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  type TranslationDocument,
  textsOf,
  translationFileOf,
  translationSkeleton,
} from '../engine/content/translation/translationFiles.ts';
import { loadSchemaStore } from '../engine/shared/schemaStore.ts';

const [language, ...rest] = process.argv.slice(2);
if (!TRANSLATED_LANGUAGES.includes(language as TranslatedLanguage)) {
  console.error(
    `translate: say the language first (${TRANSLATED_LANGUAGES.join(', ')}), then the English files: npm run translate -- hi pages/internship/law.json`,
  );
  process.exit(2);
}
const paths = projectPaths();
const store = loadSchemaStore(paths.schemas);
const { files } = discoverContent(paths);
const english = files.filter((f) => f.kind !== 'translation');

const englishTexts = (rel: string) => {
  const file = english.find((f) => f.rel === rel);
  if (!file) throw new Error(`translate: ${rel} is not a document of pages/ or data/.`);
  return { file, texts: textsOf(store.validate(file.schemaRel, JSON.parse(fs.readFileSync(file.abs, 'utf8'))).collected) };
};
const read = (abs: string): TranslationDocument | undefined =>
  fs.existsSync(abs) ? (JSON.parse(fs.readFileSync(abs, 'utf8')) as TranslationDocument) : undefined;

if (rest.includes('--status')) {
  for (const file of english) {
    const translation = read(path.join(paths.root, translationFileOf(file.rel, language as TranslatedLanguage)));
    if (!translation) continue;
    const { texts } = englishTexts(file.rel);
    const written = [...texts.keys()].filter((p) => translation.texts[p]?.text);
    const stale = written.filter((p) => translation.texts[p]!.source !== texts.get(p));
    console.log(`${file.rel}: ${texts.size} texts, ${written.length} written, ${texts.size - written.length} missing, ${stale.length} stale`);
  }
} else {
  for (const arg of rest) {
    const rel = toProjectRelative(paths, path.resolve(arg));
    const { file, texts } = englishTexts(rel);
    const target = path.join(paths.root, translationFileOf(file.rel, language as TranslatedLanguage));
    const schemaRef = path.posix.relative(path.posix.dirname(file.rel), 'schemas/translation.schema.json');
    const skeleton = translationSkeleton(texts, read(target), schemaRef);
    fs.writeFileSync(target, `${JSON.stringify(skeleton, null, 2)}\n`);
    const missing = Object.values(skeleton.texts).filter((t) => !t.text).length;
    console.log(`${toProjectRelative(paths, target)}: ${texts.size} texts, ${missing} to write`);
  }
}
