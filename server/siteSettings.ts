import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language, languagePath, TRANSLATED_LANGUAGES } from '../engine/shared/language.ts';
import { type StoredTranslation, storedTexts, withTranslatedTexts } from '../engine/shared/translatedTexts.ts';
import type { SiteSettings } from '../engine/types.ts';

/**
 * The site's settings as authors keep them in data/site.json: its name and
 * address, and every word the server answers with. Read once at start; the
 * build has already validated them.
 */
export function readSiteSettings(root: string): SiteSettings {
  return JSON.parse(fs.readFileSync(path.join(root, 'data', 'site.json'), 'utf8')) as SiteSettings;
}

/**
 * The settings in every language: English as written, each other language with its translation (data/site.hi.json)
 * laid over the texts, and the pages the server links to (confirming an address, a new password, the account, paying)
 * at that language's address. Figures and limits are the English document's in every language.
 */
export function readSiteSettingsByLanguage(root: string, english: SiteSettings = readSiteSettings(root)): Record<Language, SiteSettings> {
  const sites = { en: english } as Record<Language, SiteSettings>;
  for (const language of TRANSLATED_LANGUAGES) {
    const file = path.join(root, 'data', `site.${language}.json`);
    const translation = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredTranslation) : undefined;
    const site = withTranslatedTexts(english, storedTexts(translation));
    const local = (page: string) => languagePath(language, page);
    site.accounts = {
      ...site.accounts,
      accountPage: local(site.accounts.accountPage),
      confirmEmailPage: local(site.accounts.confirmEmailPage),
      passwordResetPage: local(site.accounts.passwordResetPage),
      newsletterPage: local(site.accounts.newsletterPage),
    };
    site.payments = { ...site.payments, payPage: local(site.payments.payPage) };
    sites[language] = site;
  }
  return sites;
}

/**
 * The language a request asks its answers in: the site's pages say theirs (Accept-Language: hi-IN); of several, the one
 * the header prefers most that the site has (its q-values); English otherwise.
 */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((a) => a.q > 0 && (LANGUAGES as readonly string[]).includes(a.language))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return (asked[0]?.language as Language | undefined) ?? 'en';
}
