import { LANGUAGE_COOKIE } from '../shared/cookies.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The switch between languages: the link names the same page in the other language, and a tap takes the address's
 * choices with it (the role, the finder's filters, a search) and remembers the language for the visitor. The page in
 * another language is loaded whole (runtime/navigation.ts leaves these links to the browser): its menus, footer and
 * words are that language's.
 */
export function startLanguageSwitch(): void {
  document.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-language-switch]');
      if (!link) return;
      const target = new URL(link.href);
      target.search = window.location.search;
      target.hash = window.location.hash;
      link.href = target.href;
      // A cookie, not storage: the server reads it (the home address opens in the language, a member's account takes it).
      // The Cookie Store API is not in every browser students use (Safari, Firefox).
      // biome-ignore lint/suspicious/noDocumentCookie: see above
      document.cookie = `${LANGUAGE_COOKIE}=${link.dataset['languageSwitch']}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
    },
    true,
  );
}
