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
      document.cookie = `${LANGUAGE_COOKIE}=${link.dataset['languageSwitch']}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
    },
    true,
  );
}
