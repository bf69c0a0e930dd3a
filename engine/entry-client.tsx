import './styles/tokens.css';
import './styles/base.css';
import { PAGE_MODULES_ID } from './shared/pageHtml.ts';

/**
 * The page's scripts are asked for once its first frame is painted, not beside its stylesheet: on a slow link they
 * would share the bandwidth the stylesheet and the first picture need before anything is drawn (and Lighthouse counts
 * every script asked for before the first paint as holding it back). The page works before its scripts (links, forms,
 * the menu, a role's details), and a control touched meanwhile is taken up when its island draws
 * (engine/runtime/islandRoots.tsx).
 */
function loadPageScripts(): void {
  void import('./runtime/startPage.ts').then((runtime) => runtime.startPage());
  // The code of the page's islands, asked for side by side with the runtime rather than after it; four files a task:
  // twenty at once made one task of 26 ms here (about 0.4 ms of CPU a file, four times that on a phone).
  const listed = document.getElementById(PAGE_MODULES_ID)?.textContent;
  const files = listed ? (JSON.parse(listed) as string[]) : [];
  const askForSome = () => {
    for (const file of files.splice(0, 4)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = `/${file}`;
      document.head.append(link);
    }
    if (files.length > 0) setTimeout(askForSome);
  };
  askForSome();
}

// A page opened in a background tab paints nothing until it is shown: its scripts need not wait for that.
if (document.visibilityState === 'hidden') loadPageScripts();
else requestAnimationFrame(() => setTimeout(loadPageScripts));
