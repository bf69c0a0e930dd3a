import { languagePath, type TranslatedLanguage } from '../../shared/language.ts';
import { findByPath, pathKey } from '../../shared/pathKey.ts';
import { withTranslatedTexts } from '../../shared/translatedTexts.ts';
import type { CollectionName, PageDocument, SiteSettings } from '../../types.ts';
import type { ContentModel, EntityRecord, PageRecord } from '../contentModel.ts';

/**
 * The content as it reads in another language: every document with its translated texts laid over the English (figures,
 * links, ids and dates stay the English document's, for there is nowhere else they could come from), every page at its
 * address under the language's path, and every link to a page of the site going to that page in the same language.
 * A page without a translation is the English page at its address there, marked untranslated: it says so, and search
 * engines are not asked to list it.
 */
export function localiseModel(model: ContentModel, language: TranslatedLanguage): ContentModel {
  const exact = new Map<string, true>();
  const withSubpaths = new Map<string, true>();
  for (const page of model.pages) {
    for (const path of [page.doc.path, ...(page.doc.aliases ?? [])]) {
      const key = pathKey(path);
      if (key === undefined) continue;
      exact.set(key, true);
      if (page.doc.subpaths) withSubpaths.set(key, true);
    }
  }
  /** A link to a page of the site, made to go to that page in this language; anything else as it is. */
  const localLink = (href: string): string => {
    if (!href.startsWith('/') || href.startsWith('//')) return href;
    const cut = href.search(/[?#]/);
    const path = cut === -1 ? href : href.slice(0, cut);
    return findByPath(path, exact, withSubpaths) ? languagePath(language, path) + (cut === -1 ? '' : href.slice(cut)) : href;
  };
  const localise = <T>(value: T): T => {
    if (typeof value === 'string') return localLink(value) as T;
    if (Array.isArray(value)) return value.map(localise) as T;
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localise(v)])) as T;
    return value;
  };
  const textsOf = (file: string) => model.translations.get(file)?.get(language)?.texts;

  const pages: PageRecord[] = model.pages.map((record) => {
    // A page is in the language when every one of its texts is; until then it is the English page, saying so.
    const translation = model.translations.get(record.file.rel)?.get(language);
    const texts = translation?.complete ? translation.texts : undefined;
    return {
      ...record,
      id: `${language}/${record.id}`,
      doc: localise(withTranslatedTexts<PageDocument>(record.doc, texts)),
      language,
      translated: texts !== undefined,
      english: { id: record.id, path: record.doc.path },
    };
  });
  const entities = new Map<CollectionName, Map<string, EntityRecord>>();
  for (const [collection, table] of model.entities) {
    const local = new Map<string, EntityRecord>();
    for (const [id, record] of table) {
      local.set(id, { ...record, entity: localise(withTranslatedTexts(record.entity, textsOf(record.parsed.file.rel), record.pointer)) });
    }
    entities.set(collection, local);
  }
  const site = localise(withTranslatedTexts<SiteSettings>(model.site, textsOf(model.siteFile.file.rel)));
  // The site's own address (siteUrl) and outside links start with https: localise leaves them.
  return { ...model, language, site, pages, entities };
}
