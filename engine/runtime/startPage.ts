import { setApiBase } from '../api/client.ts';
import { letChatLinkGiveWay } from '../layout/chatLink.ts';
import { enhanceMenu } from '../layout/menu.ts';
import { LOCALES, setRenderLocale } from '../shared/language.ts';
import { closeOtherDetailsOfGroup } from './detailsGroups.ts';
import { hydrateIslands, readPageState } from './islandRoots.tsx';
import { addLanguageFont } from './languageFont.ts';
import { startLanguageSwitch } from './languageSwitch.ts';
import { currentLocation, subscribeToLocation } from './location.ts';
import { startNavigation } from './navigation.ts';
import { rememberReferralCode } from './referralCode.ts';

/** Once every island of the page has drawn, the page says it is live (its buttons answer): the browser tests wait on it. */
function live(): void {
  document.documentElement.dataset['live'] = 'true';
}

/** The page's scripts, once its first frame is painted (engine/entry-client.tsx): its controls, then its islands. */
export async function startPage(): Promise<void> {
  const state = readPageState(document);
  if (!state) {
    // `npm run dev` serves the template alone: the page is drawn in the browser, with every section.
    if (import.meta.env.DEV) await import('../devPage.tsx').then((dev) => dev.drawPage());
    live();
    return;
  }
  setApiBase(state.data.site.settings.api?.base);
  // The page is in one language: numbers, dates and counted words drawn in the browser are written in it.
  setRenderLocale(LOCALES[state.data.site.language]);
  addLanguageFont(state.data.site.language);
  startLanguageSwitch();
  startNavigation();
  const nav = document.querySelector<HTMLElement>('nav[data-menu-bar]');
  if (nav) enhanceMenu(nav);
  const chat = document.querySelector<HTMLElement>('[data-chat-link]');
  if (chat) letChatLinkGiveWay(chat);
  closeOtherDetailsOfGroup();
  // A friend's link (?ref=…) may lead to any page: its code is kept until the visitor signs up.
  rememberReferralCode(window.location.search);
  subscribeToLocation(() => rememberReferralCode(currentLocation().search));
  await hydrateIslands(state);
  live();
}
