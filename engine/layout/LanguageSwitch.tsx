import { useSite } from '../runtime/contexts.tsx';
import { LANGUAGES, LOCALES, languagePath } from '../shared/language.ts';
import type { ResolvedPage } from '../types.ts';
import { encodePath } from '../ui/SmartLink.tsx';
import styles from './LanguageSwitch.module.css';

/**
 * The same page in the other languages, each named as its readers write it. A plain link: before any script it opens
 * the page there; the navigation runtime carries the address's choices with it (?role=…, filters, a query), remembers
 * the language for the visitor, and loads the page whole, chrome and words in its language
 * (runtime/languageSwitch.ts).
 */
export function LanguageSwitch({ page, place }: { page: ResolvedPage | undefined; place: 'header' | 'footer' }) {
  const site = useSite();
  const { settings } = site;
  if (!page) return null;
  // The not-found page is shown at addresses that are no page: its switch leads to the other language's home.
  const notFound = page.id === site.notFoundPageId;
  return (
    <nav aria-label={settings.ui.layout.language} className={styles[place]}>
      {LANGUAGES.filter((language) => language !== page.language).map((language) => (
        <a
          key={language}
          href={encodePath(notFound ? languagePath(language, '/') : page.languagePaths[language])}
          lang={LOCALES[language]}
          hrefLang={LOCALES[language]}
          className={styles.link}
          data-language-switch={language}
        >
          {settings.languages[language]}
        </a>
      ))}
    </nav>
  );
}
