import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { median } from '../../tooling/benchStats.ts';
import { chromiumArgs, chromiumExecutable } from '../../tooling/browser.ts';

/** The link and phone the issue describes: about 400 kbps both ways, 400 ms round trips, the CPU slowed 4×. */
export const PHONE = { kbps: 400, rttMs: 400, cpuSlowdown: 4, width: 390, height: 844 } as const;

/** How often the bench's thumb taps, and how long each tap is given to show its details before the next. */
const TAP_EVERY_MS = 100;
/** A page that never answers a tap is reported as such after this long. */
const GIVE_UP_MS = 20_000;

export interface TapTarget {
  /** The page, as a visitor opens it. */
  path: string;
  /** The visible names of the two controls tapped in turn (the second and third role, or module). */
  controls: [string, string];
}

/** The three pages of the issue: a stream's Select Role, a job category's Select Job Role, a course's syllabus. */
export const TAP_TARGETS: TapTarget[] = [
  { path: '/internship/law', controls: ['Criminal Law', 'Human Rights Law'] },
  { path: '/jobs/Developer Jobs', controls: ['Backend Developer', 'Full Stack Developer'] },
  { path: '/courses/WebDevelopment', controls: ['CSS3, Flexbox, Grid and responsive design', 'JavaScript fundamentals and the DOM'] },
];

export interface TapResult {
  path: string;
  runs: number;
  /** First contentful paint, from navigation start (median). */
  firstPaintMs: number;
  /** When the first tap that worked was made, from first paint (median): the figure the issue holds under 100 ms. */
  firstWorkingTapMs: number;
  /** From that tap until its details were on screen (median). */
  tapToDetailsMs: number;
  /** Taps made before one worked (median). */
  deadTaps: number;
  /** When the page's script had loaded (load event), from first paint (median), for comparison. */
  loadEventMs: number;
}

async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytesPerSecond = (PHONE.kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.rttMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  return cdp;
}

// Runs in the page: where the controls a visitor taps (role pills, syllabus modules) are in the document, and the scroll
// that brings the first to the middle of the screen.
function placeControls(names: string[]): { scrollY: number; points: { x: number; y: number }[] } | null {
  const controls = names.map((name) =>
    [...document.querySelectorAll<HTMLElement>('main label, main button, main summary')].find((el) => el.textContent?.includes(name)),
  );
  if (controls.some((c) => !c)) return null;
  const points = controls.map((c) => {
    const r = c!.getBoundingClientRect();
    return { x: r.x + Math.min(r.width / 2, 40), y: r.y + window.scrollY + r.height / 2 };
  });
  return { scrollY: Math.max(0, points[0]!.y - window.innerHeight / 2), points };
}

/**
 * Installed before the page's own code: on every frame, notes when the details of each named control come on screen
 * (a role's own heading, not its pill; a module's panel, by aria-controls or as the body of an open <details>).
 */
function recordShown(names: string[]): void {
  const visible = (el: Element | null | undefined) => Boolean(el && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true }));
  const shown = (name: string) => {
    const heading = [...document.querySelectorAll('main h1, main h2, main h3, main h4')].find(
      (h) => h.textContent?.trim() === name && !h.closest('label, button, summary'),
    );
    if (heading) return visible(heading);
    const control = [...document.querySelectorAll<HTMLElement>('main button, main summary')].find((el) => el.textContent?.includes(name));
    if (!control) return false;
    const controls = control.getAttribute('aria-controls');
    if (controls) return visible(document.getElementById(controls));
    const details = control.closest('details');
    return Boolean(details?.open && visible(details.querySelector(':scope > :not(summary)')));
  };
  const events: [string, number][] = [];
  const was = new Map<string, boolean>();
  (window as unknown as { __shown: typeof events }).__shown = events;
  const frame = () => {
    if (document.body) {
      for (const name of names) {
        const now = shown(name);
        if (now && !was.get(name)) events.push([name, performance.now()]);
        was.set(name, now);
      }
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function newPhoneContext(browser: Browser) {
  return browser.newContext({
    viewport: { width: PHONE.width, height: PHONE.height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
}

/** Where the controls are, learnt on an unthrottled visit, so the throttled one can tap the moment the page paints. */
async function learnPlaces(browser: Browser, base: string, target: TapTarget) {
  const context = await newPhoneContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(base + encodeURI(target.path), { waitUntil: 'load' });
    const places = await page.evaluate(placeControls, target.controls);
    if (!places) throw new Error(`bench: no controls ${target.controls.join(', ')} on ${target.path}`);
    return places;
  } finally {
    await context.close();
  }
}

const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now())));

async function once(browser: Browser, base: string, target: TapTarget, places: Awaited<ReturnType<typeof learnPlaces>>) {
  const context = await newPhoneContext(browser);
  // As source: tsx names the inner functions with a helper (__name) the page lacks, so the page is given a stand-in.
  await context.addInitScript({ content: `var __name = (f) => f; (${recordShown.toString()})(${JSON.stringify(target.controls)});` });
  const page = await context.newPage();
  try {
    const cdp = await throttle(page);
    void page.goto(base + encodeURI(target.path), { waitUntil: 'commit', timeout: GIVE_UP_MS * 2 }).catch(() => undefined);
    // First paint, in the page's clock (its performance.now() counts from timeOrigin, an epoch time); once the first control
    // is in the document, the page is scrolled to it, as a visitor would have done on a page they know.
    const paint = await page.waitForFunction(
      ({ name, scrollY }) => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        if (!entry || ![...document.querySelectorAll('main label, main button, main summary')].some((el) => el.textContent?.includes(name))) return null;
        window.scrollTo({ top: scrollY, behavior: 'instant' });
        return { origin: performance.timeOrigin, fcp: entry.startTime };
      },
      { name: target.controls[0], scrollY: places.scrollY },
      { polling: 10, timeout: GIVE_UP_MS * 2 },
    );
    const { origin, fcp } = (await paint.jsonValue())!;
    const paintedAt = origin + fcp;
    const taps: { name: string; at: number }[] = [];
    const seen = () => page.evaluate(() => (window as unknown as { __shown: [string, number][] }).__shown).catch(() => []);
    const worked = (events: [string, number][]) =>
      taps.find((tap, i) => {
        const next = taps[i + 1]?.at ?? tap.at + TAP_EVERY_MS;
        return events.some(([name, time]) => name === tap.name && origin + time >= tap.at && origin + time <= next);
      });
    // The page's record is read beside the tapping, never in its way: a busy page answers late, and the taps go on.
    let done = false;
    const watching = (async () => {
      while (!done && Date.now() - paintedAt < GIVE_UP_MS) {
        if (worked(await seen())) done = true;
        else await sleepUntil(Date.now() + 200);
      }
    })();
    // The two controls in turn, every 100 ms, sent without waiting for the page: a busy page queues the touches, as a phone does.
    for (let n = 0; !done && Date.now() - paintedAt < GIVE_UP_MS; n++) {
      const which = n % 2;
      const { x, y } = places.points[which]!;
      taps.push({ name: target.controls[which]!, at: Date.now() });
      const point = { x, y: y - places.scrollY };
      void cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] }).catch(() => undefined);
      void cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }).catch(() => undefined);
      await sleepUntil(taps[0]!.at + (n + 1) * TAP_EVERY_MS);
    }
    done = true;
    await watching;
    await page.waitForLoadState('load', { timeout: GIVE_UP_MS * 2 });
    const events = await seen();
    const tap = worked(events);
    if (!tap)
      throw new Error(
        `bench: no tap worked on ${target.path} within ${GIVE_UP_MS / 1000} s of first paint (${taps.length} taps; details seen: ${JSON.stringify(events)})`,
      );
    const shownAt = origin + events.find(([name, time]) => name === tap.name && origin + time >= tap.at)![1];
    const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    return {
      firstPaintMs: fcp,
      firstWorkingTapMs: tap.at - paintedAt,
      tapToDetailsMs: shownAt - tap.at,
      deadTaps: taps.indexOf(tap),
      loadEventMs: loaded - fcp,
    };
  } finally {
    await context.close();
  }
}

/**
 * Time to the first working tap, on a phone and link as slow as the issue's:
 * from first paint, the bench taps the page's second and third control in turn
 * every 100 ms; a tap works when the details it asked for come on screen before
 * the next tap. The figure is when the first such tap was made, from first paint.
 */
export async function benchTaps(base: string, targets: TapTarget[], runs: number): Promise<TapResult[]> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  try {
    const results: TapResult[] = [];
    for (const target of targets) {
      const places = await learnPlaces(browser, base, target);
      const samples: Awaited<ReturnType<typeof once>>[] = [];
      for (let i = 0; i < runs; i++) samples.push(await once(browser, base, target, places));
      const m = (pick: (s: (typeof samples)[number]) => number) => median(samples.map(pick));
      results.push({
        path: target.path,
        runs,
        firstPaintMs: m((s) => s.firstPaintMs),
        firstWorkingTapMs: m((s) => s.firstWorkingTapMs),
        tapToDetailsMs: m((s) => s.tapToDetailsMs),
        deadTaps: m((s) => s.deadTaps),
        loadEventMs: m((s) => s.loadEventMs),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** The tap: a role in the finder on /internship, leading to its stream page with the role chosen. */
export const NAVIGATION_TARGET = {
  from: '/internship',
  link: '#find a[href^="/internship/law?role=corporateLaw"]',
  to: '/internship/law',
  heading: 'Law Internships',
} as const;

/** The role is tapped half a second after it comes on screen, and again after its card has been read for three. */
export const NAVIGATION_READ_MS = [500, 3000] as const;

export interface NavigationResult {
  runs: number;
  /** How long the role was on screen before the tap. */
  readMs: number;
  /** From the touch to the first frame showing progress (a bar, or the new page itself), median; null when no run showed any. */
  progressMs: number | null;
  /** Runs in which something showed progress before the new page was drawn. */
  progressRuns: number;
  /** From the touch to the first frame of the new page (its heading drawn), median. */
  newPageMs: number;
  /** Runs whose new page was first drawn at its top (the heading on screen). */
  atTopRuns: number;
  /** Where the new page was first drawn, in px scrolled, median. */
  scrollAtNewPage: number;
}

/**
 * Installed in a page that is loaded: on every frame, notes when something first shows that a navigation is under
 * way (a progress bar: the site's [data-navigation-progress], or the loading bar of builds before it, a div holding the
 * bar in the layout's aria-live wrapper), and when the new page's heading is first drawn, with the scroll then.
 */
function recordNavigation({ to, heading }: { to: string; heading: string }): void {
  const state = { touched: 0, progress: 0, drawn: 0, scrollY: -1, headingTop: 0 };
  (window as unknown as { __nav: typeof state }).__nav = state;
  document.addEventListener('touchstart', () => (state.touched ||= performance.now()), { capture: true, passive: true });
  const visible = (el: Element | null) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true });
  };
  const frame = (time: number) => {
    if (state.touched) {
      const bar = document.querySelector('[data-navigation-progress]') ?? document.querySelector('#root div[aria-live="polite"] > div');
      const h1 = [...document.querySelectorAll('main h1')].find((h) => h.textContent?.trim() === heading);
      const arrived = decodeURIComponent(location.pathname) === to && h1 && visible(h1);
      if (!state.progress && (visible(bar) || arrived)) state.progress = time;
      if (!state.drawn && arrived) {
        state.drawn = time;
        state.scrollY = window.scrollY;
        state.headingTop = h1!.getBoundingClientRect().top;
      }
    }
    if (!state.drawn) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/**
 * A tap on a role in the finder, on the same slow phone and link: how long until something on screen shows the tap
 * was taken (the issue: nothing for a second and more), how long until the new page is drawn, and where it is drawn
 * (the issue: at the old page's scroll position). The finder is opened and left to load fully first, then scrolled
 * to the role, which is tapped `readMs` later (at once, or after reading its card).
 */
export async function benchNavigation(base: string, runs: number, readMs: number): Promise<NavigationResult> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  const samples: { progress: number | null; drawn: number; scrollY: number; atTop: boolean }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await newPhoneContext(browser);
      try {
        const page = await context.newPage();
        const cdp = await throttle(page);
        await page.goto(base + NAVIGATION_TARGET.from, { waitUntil: 'load', timeout: GIVE_UP_MS * 3 });
        await page.locator('html[data-live]').waitFor({ state: 'attached', timeout: GIVE_UP_MS * 3 });
        await page.waitForLoadState('networkidle', { timeout: GIVE_UP_MS * 3 }).catch(() => undefined);
        const link = page.locator(NAVIGATION_TARGET.link).first();
        await link.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await page.waitForTimeout(readMs);
        const box = (await link.boundingBox())!;
        // As source, with a stand-in for the helper (__name) tsx names inner functions with, which the page lacks.
        await page.evaluate(
          `(() => { const __name = (f) => f; (${recordNavigation.toString()})(${JSON.stringify({ to: NAVIGATION_TARGET.to, heading: NAVIGATION_TARGET.heading })}); })()`,
        );
        const point = { x: box.x + Math.min(box.width / 2, 40), y: box.y + box.height / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        const handle = await page.waitForFunction(() => (window as unknown as { __nav: { drawn: number } }).__nav.drawn > 0, null, {
          polling: 100,
          timeout: GIVE_UP_MS,
        });
        await handle.dispose();
        const nav = await page.evaluate(
          () => (window as unknown as { __nav: { touched: number; progress: number; drawn: number; scrollY: number; headingTop: number } }).__nav,
        );
        samples.push({
          progress: nav.progress && nav.progress < nav.drawn ? nav.progress - nav.touched : null,
          drawn: nav.drawn - nav.touched,
          scrollY: nav.scrollY,
          atTop: nav.headingTop >= 0 && nav.headingTop < PHONE.height,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const shown = samples.flatMap((s) => (s.progress === null ? [] : [s.progress]));
  return {
    runs,
    readMs,
    progressMs: shown.length ? median(shown) : null,
    progressRuns: shown.length,
    newPageMs: median(samples.map((s) => s.drawn)),
    atTopRuns: samples.filter((s) => s.atTop).length,
    scrollAtNewPage: median(samples.map((s) => s.scrollY)),
  };
}

/** The page whose menu the bench taps before its scripts have come (the issue's: a stream page, the menu shut by itself). */
export const MENU_PATH = '/internship/law';

export interface MenuResult {
  path: string;
  runs: number;
  /** When the menu was tapped, from first paint (median): before the page's scripts had come. */
  tapMs: number;
  /** When every island had drawn (the page's mark of being live), from first paint (median). */
  liveMs: number;
  /** Runs whose menu opened at the tap, before any script. */
  openAtTap: number;
  /** Runs whose menu was still open a second after every island had drawn: the goal is every run. */
  openAfter: number;
}

/**
 * The menu tapped before hydration is open after it (issue 37: it opened, then shut by itself when the scripts came,
 * 3.1 s → 7.2 s): on the slow phone, the menu button is touched at first paint, and the menu is looked at once the page
 * is live and a second has passed.
 */
export async function benchMenu(base: string, runs: number, path = MENU_PATH): Promise<MenuResult> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  const samples: { tapMs: number; liveMs: number; openAtTap: boolean; openAfter: boolean }[] = [];
  const isOpen = (page: Page) => page.evaluate(() => Boolean(document.querySelector('nav[data-menu-bar] ul[popover]')?.matches(':popover-open')));
  try {
    for (let i = 0; i < runs; i++) {
      const context = await newPhoneContext(browser);
      try {
        const page = await context.newPage();
        const cdp = await throttle(page);
        void page.goto(base + encodeURI(path), { waitUntil: 'commit', timeout: GIVE_UP_MS * 2 }).catch(() => undefined);
        const painted = await page.waitForFunction(
          () => {
            const entry = performance.getEntriesByName('first-contentful-paint')[0];
            const button = document.querySelector('nav[data-menu-bar] button[popovertarget]');
            if (!entry || !button) return null;
            const r = button.getBoundingClientRect();
            return { fcp: entry.startTime, x: r.x + r.width / 2, y: r.y + r.height / 2 };
          },
          null,
          { polling: 10, timeout: GIVE_UP_MS * 2 },
        );
        const { fcp, x, y } = (await painted.jsonValue())!;
        const live = () => page.evaluate(() => document.documentElement.hasAttribute('data-live'));
        if (await live()) throw new Error(`bench: ${path} was live at first paint; the menu was not tapped before hydration`);
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        const tapMs = (await page.evaluate(() => performance.now())) - fcp;
        const openAtTap = await isOpen(page);
        await page.locator('html[data-live]').waitFor({ state: 'attached', timeout: GIVE_UP_MS * 2 });
        const liveMs = (await page.evaluate(() => performance.now())) - fcp;
        await page.waitForTimeout(1000);
        samples.push({ tapMs, liveMs, openAtTap, openAfter: await isOpen(page) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return {
    path,
    runs,
    tapMs: median(samples.map((s) => s.tapMs)),
    liveMs: median(samples.map((s) => s.liveMs)),
    openAtTap: samples.filter((s) => s.openAtTap).length,
    openAfter: samples.filter((s) => s.openAfter).length,
  };
}

export interface ScrollResult {
  path: string;
  /** Screens of scrolling at 390 × 844 until the first internship with its stipend is wholly on screen. */
  screens: number;
  /** What was found: its text, for the note. */
  what: string;
  /** The whole page, in screens. */
  pageScreens: number;
}

/**
 * How far a phone visitor scrolls on /internship before the first internship
 * shows its stipend: the first card or row in the page that names a monthly
 * stipend, its bottom edge less one screen, in screens.
 */
export async function benchScroll(base: string, path: string): Promise<ScrollResult> {
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: PHONE.width, height: PHONE.height }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(base + encodeURI(path), { waitUntil: 'networkidle' });
    return await page.evaluate(
      ({ path, height }) => {
        const stipend = /₹[\d,]+\s*\/\s*month/;
        const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const element = node.parentElement!;
          if (!stipend.test(node.textContent ?? '') || !element.checkVisibility()) continue;
          const card = element.closest('article, li:has(h2, h3, h4), tr') ?? element;
          const bottom = element.getBoundingClientRect().bottom + window.scrollY;
          return {
            path,
            screens: Math.max(0, (bottom - height) / height),
            what: (card as HTMLElement).innerText.split('\n').filter(Boolean).join(' · ').slice(0, 80),
            pageScreens: document.documentElement.scrollHeight / height,
          };
        }
        return { path, screens: Number.NaN, what: 'no stipend on the page', pageScreens: document.documentElement.scrollHeight / height };
      },
      { path, height: PHONE.height },
    );
  } finally {
    await browser.close();
  }
}

// Lets `npx tsx scripts/bench/phoneBench.ts http://localhost:5650` measure any running copy of the site (the "before" figures).
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:5000';
  const runs = Number(process.argv[3] ?? 3);
  const only = process.argv[4];
  if (only === 'menu') {
    console.log(JSON.stringify(await benchMenu(base, runs)));
    process.exit(0);
  }
  if (only === 'navigation') {
    for (const readMs of NAVIGATION_READ_MS) console.log(JSON.stringify(await benchNavigation(base, runs, readMs)));
    process.exit(0);
  }
  console.log(JSON.stringify(await benchScroll(base, '/internship'), null, 2));
  for (const r of await benchTaps(
    base,
    TAP_TARGETS.filter((t) => !only || t.path === only),
    runs,
  ))
    console.log(JSON.stringify(r));
}
