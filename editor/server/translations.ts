import fs from 'node:fs';
import path from 'node:path';
import { type ContentFile, discoverContent } from '../../engine/content/discoverContent.ts';
import type { ProjectPaths } from '../../engine/content/projectPaths.ts';
import { startedTranslations } from '../../engine/content/scaffolds.ts';
import {
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  type TranslationDocument,
  textsOf,
  translationFileOf,
  translationProgress,
} from '../../engine/content/translation/translationFiles.ts';
import { loadSchemaStore } from '../../engine/shared/schemaStore.ts';
import type { EditorOpenedTranslation, EditorTranslationProgress } from '../../engine/types.ts';
import type { DocumentEntry, DocumentGroup } from '../protocol/types.ts';
import { contentFileAt, hashOf, parseOrUndefined } from './documents.ts';
import { EditorError } from './errors.ts';
import { rewriteJson } from './jsonEdits.ts';
import { moveTranslation } from './movingTranslations.ts';

/** The texts of an English document as its schema marks them ("x-text"), by pointer: what a translation gives. */
export function englishTexts(paths: ProjectPaths, file: ContentFile, value: unknown): Map<string, string> {
  return textsOf(loadSchemaStore(paths.schemas).validate(file.schemaRel, value).collected);
}

/** A translation file's texts, when it reads as one (a file broken by hand is reported by the check, and read as none here). */
export function translationIn(text: string | undefined): TranslationDocument | undefined {
  const doc = text === undefined ? undefined : (parseOrUndefined(text) as Partial<TranslationDocument> | undefined);
  const texts = doc?.texts;
  if (!texts || typeof texts !== 'object' || Array.isArray(texts)) return undefined;
  const entries = Object.entries(texts).filter(
    ([, entry]) => entry && typeof entry === 'object' && typeof entry.source === 'string' && typeof entry.text === 'string',
  );
  return { texts: Object.fromEntries(entries) };
}

function readText(abs: string): string | undefined {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch {
    return undefined;
  }
}

/** The translations an English document has or would have, one per language, as content files (they need not exist). */
export function translationFilesOf(paths: ProjectPaths, english: ContentFile): ContentFile[] {
  if (english.kind === 'translation') return [];
  return TRANSLATED_LANGUAGES.map((language) => contentFileAt(paths, translationFileOf(english.rel, language)));
}

/** The progress a list shows, by the English and translation files' sizes and times: the list is asked for after every save. */
const progressCache = new Map<string, { stamp: string; progress: EditorTranslationProgress | undefined }>();

function stampOf(...files: string[]): string {
  return files
    .map((abs) => {
      try {
        const stat = fs.statSync(abs);
        return `${stat.size}:${stat.mtimeMs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}

/** How far an English document's translation into a language is, as on disk; undefined for a document with no text to translate. */
export function progressOnDisk(paths: ProjectPaths, english: ContentFile, language: TranslatedLanguage): EditorTranslationProgress | undefined {
  const translation = { abs: path.join(paths.root, translationFileOf(english.rel, language)) };
  const stamp = stampOf(english.abs, translation.abs);
  const key = `${english.rel}|${language}`;
  const cached = progressCache.get(key);
  if (cached?.stamp === stamp) return cached.progress;
  const value = parseOrUndefined(readText(english.abs) ?? '');
  const texts = value === undefined ? new Map<string, string>() : englishTexts(paths, english, value);
  const progress = texts.size ? { language, ...translationProgress(texts, translationIn(readText(translation.abs))) } : undefined;
  progressCache.set(key, { stamp, progress });
  return progress;
}

/** The list with each document's translation progress beside it (and each part's, for a thing of several documents). */
export function withTranslationProgress(paths: ProjectPaths, groups: DocumentGroup[], language: TranslatedLanguage): DocumentGroup[] {
  const files = new Map(discoverContent(paths).files.map((file) => [file.rel, file]));
  const progressOf = (rel: string) => {
    const file = files.get(rel);
    return file && file.kind !== 'translation' ? progressOnDisk(paths, file, language) : undefined;
  };
  const withProgress = <T extends { rel: string }>(item: T): T & { translation?: EditorTranslationProgress } => {
    const translation = progressOf(item.rel);
    return translation ? { ...item, translation } : item;
  };
  return groups.map((group) => ({
    ...group,
    documents: group.documents.map((entry): DocumentEntry => {
      const withOwn = withProgress(entry);
      return entry.parts ? { ...withOwn, parts: entry.parts.map(withProgress) } : withOwn;
    }),
  }));
}

/**
 * An English document's translation, opened beside it: every text of the English by its place, the English itself,
 * and the translation file as it is, or the text a new document's translation starts from (nothing written) when
 * there is none yet (its draft, if one was kept, is the caller's to add). Refused for a translation (it has no translation of its own) and for an English that cannot be
 * read (its texts cannot be found until it is fixed in English).
 */
export function openTranslation(paths: ProjectPaths, rel: string, language: TranslatedLanguage): EditorOpenedTranslation {
  const english = contentFileAt(paths, rel);
  if (english.kind === 'translation') throw new EditorError('NOT_ENGLISH', { rel: english.rel, english: english.translates ?? '' });
  const englishText = readText(english.abs);
  if (englishText === undefined) throw new EditorError('NO_SUCH_FILE', { rel: english.rel });
  const value = parseOrUndefined(englishText);
  if (value === undefined) throw new EditorError('ENGLISH_UNREADABLE', { rel: english.rel });
  const file = contentFileAt(paths, translationFileOf(english.rel, language));
  const onDisk = readText(file.abs);
  const text = onDisk ?? startedTranslations(english.rel).find((t) => t.rel === file.rel)!.text;
  return {
    rel: file.rel,
    language,
    english: { rel: english.rel, schemaRel: english.schemaRel, text: englishText },
    texts: [...englishTexts(paths, english, value)].map(([pointer, text]) => ({ pointer, english: text })),
    text,
    hash: onDisk === undefined ? null : hashOf(onDisk),
  };
}

interface TranslationAfter {
  file: ContentFile;
  doc: TranslationDocument | undefined;
  text: string;
  moved: boolean;
}

/**
 * The translations of an English document as they would be with the English changed from `before` to `after` (its
 * texts moved with their lists, moveTranslation): each translation on disk, its text rewritten only where a text
 * moved, and whether anything did. A translation that cannot be read is left as it is (the check reports it).
 */
export function translationsAfter(paths: ProjectPaths, english: ContentFile, before: unknown, after: unknown): TranslationAfter[] {
  return translationFilesOf(paths, english).flatMap((file): TranslationAfter[] => {
    const text = readText(file.abs);
    if (text === undefined) return [];
    const doc = translationIn(text);
    if (!doc || before === undefined || after === undefined) return [{ file, doc, text, moved: false }];
    const moved = moveTranslation(doc, before, after);
    if (moved === doc) return [{ file, doc, text, moved: false }];
    const whole = parseOrUndefined(text) as Record<string, unknown>;
    return [{ file, doc: moved, text: rewriteJson(text, whole, { ...whole, texts: moved.texts }), moved: true }];
  });
}
