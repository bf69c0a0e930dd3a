/**
 * A Hindi page's fallback web font (public/fonts/devanagari.css): added once the page is drawn, so no page waits for it
 * and English pages never load it. Its @font-face rules try the system's own Devanagari fonts first (local()), so a
 * phone that has one downloads nothing more.
 */
export function addLanguageFont(language: string): void {
  if (language === 'en' || document.querySelector('link[data-language-font]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/fonts/devanagari.css';
  link.dataset['languageFont'] = language;
  document.head.append(link);
}
