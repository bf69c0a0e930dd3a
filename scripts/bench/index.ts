/**
 * npm run bench: how fast the site builds, validates, searches and answers,
 * each figure beside a baseline measured in the same run, so that a noisy
 * machine moves both. Writes BENCHMARKS.md.
 *
 *   npm run bench                    everything (about 25 minutes on 2 cores; the API part alone about 8)
 *   npm run bench -- --quick         a smoke run with small sizes (part of npm test); writes nothing
 *   npm run bench -- --only=api,search   those parts (validate, prerender, search, phone, api, guessing, logins, staff, applications, releases, lighthouse); their
 *                                    sections of BENCHMARKS.md are replaced, the others kept
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Language } from '../../engine/shared/language.ts';
import { ALLOWANCES } from '../../server/limits/allowances.ts';
import { fixed, median, ratio, ratioWithSpread, thousands } from '../../tooling/benchStats.ts';
import { chromiumExecutable } from '../../tooling/browser.ts';
import { type ApiResult, benchApi, best, type LoadRun, OFFERED_RATE, P99_TARGET_MS } from './apiBench.ts';
import { type ApplicationsBenchResult, benchApplications } from './applicationsBench.ts';
import { benchGuessing, type GuessingResult } from './guessingBench.ts';
import { benchLighthouseSites, LIGHTHOUSE_ROUTES, type LighthouseResult } from './lighthouseBench.ts';
import { benchLoginLoad, LOGIN_CLIENTS, type LoginLoadResult } from './loginLoadBench.ts';
import {
  benchMenu,
  benchNavigation,
  benchScroll,
  benchTaps,
  MENU_PATH,
  type MenuResult,
  NAVIGATION_READ_MS,
  type NavigationResult,
  PHONE,
  type ScrollResult,
  TAP_TARGETS,
  type TapResult,
} from './phoneBench.ts';
import { benchPrerender, type PrerenderResult } from './prerenderBench.ts';
import { benchReleases, type ReleaseResult } from './releaseBench.ts';
import {
  benchRelevance,
  benchSearch,
  type Expectation,
  queriesOf,
  type RelevanceResult,
  readQueries,
  type SearchResult,
  searchSide,
  workerFileKilobytes,
} from './searchBench.ts';
import { startBaselineSite, startSite } from './siteServer.ts';
import { benchStaff, type StaffBenchResult } from './staffBench.ts';
import { benchValidate, contentRoot, type ValidateResult } from './validateBench.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const wanted = (part: string) => !only || only.includes(part);
const root = contentRoot();

const plan = quick
  ? {
      validateRuns: 1,
      validatePages: 200,
      // One build, compressed fast (BUILD_COMPRESSION): a smoke run checks the bench works, not how long a build takes.
      prerenderSizes: [20],
      prerenderRounds: 1,
      buildCompression: 'fast' as const,
      searchFactors: [1, 10],
      searchRepeats: 1,
      apiSizes: [1000],
      releaseRequests: 200,
      releaseRounds: 1,
      apiSeconds: 1,
      apiRounds: 1,
      guessingSeconds: 3,
      loginSeconds: 4,
      lighthouseRoutes: ['/'],
      lighthouseRuns: 1,
      phoneTargets: TAP_TARGETS.slice(0, 1),
      phoneRuns: 1,
      navigationRuns: 1,
      staffEnquiries: 1000,
      staffCertificates: 10_000,
      staffRequests: 5,
      applications: 2000,
      applicationEnquiries: 1000,
      applicationRequests: 5,
    }
  : {
      validateRuns: 5,
      validatePages: 10_000,
      prerenderSizes: [0, 100, 1000, 10_000],
      prerenderRounds: 2,
      buildCompression: 'best' as const,
      searchFactors: [1, 10, 100],
      searchRepeats: 5,
      apiSizes: [1000, 1_000_000],
      releaseRequests: 4000,
      releaseRounds: 7,
      apiSeconds: 10,
      apiRounds: 5,
      guessingSeconds: 60,
      loginSeconds: 60,
      lighthouseRoutes: LIGHTHOUSE_ROUTES,
      lighthouseRuns: 3,
      phoneTargets: TAP_TARGETS,
      phoneRuns: 5,
      navigationRuns: 5,
      staffEnquiries: 100_000,
      staffCertificates: 1_000_000,
      staffRequests: 100,
      applications: 100_000,
      applicationEnquiries: 100_000,
      applicationRequests: 50,
    };

const sections: string[] = [];
const problems: string[] = [];

// BENCH_BASELINE_ROOT: a checkout of the commit to compare with (its own content, engine and dependencies): search is
// timed and scored on it, and its site built and served beside this build's for Lighthouse and the phone.
const baselineRoot = process.env.BENCH_BASELINE_ROOT;
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => fixed(n, 1))
    .join(', ');

function table(headings: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

function emit(title: string, intro: string, body: string): void {
  const text = `## ${title}\n\n${intro}\n\n${body}\n`;
  sections.push(text);
  console.log(`\n${text}`);
}

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

if (wanted('validate')) {
  log('validation…');
  const results: ValidateResult[] = await benchValidate(root, plan.validatePages, plan.validateRuns);
  emit(
    'Validation',
    'Every file of pages/ and data/ checked against its schema and the cross-file rules. Baseline: reading and JSON.parse of the same files. The first run compiles the schemas (once); the others reuse them.',
    table(
      ['content', 'files', 'first run (ms)', 'next runs, median (ms)', 'read + parse (ms)', 'validate ÷ parse'],
      results.map((r) => [r.label, thousands(r.files), fixed(r.coldMs, 0), fixed(r.warmMs, 0), fixed(r.parseMs, 0), ratio(r.warmMs, r.parseMs)]),
    ),
  );
}

if (wanted('prerender')) {
  const results: PrerenderResult[] = [];
  for (const size of plan.prerenderSizes) {
    log(`prerender with ${size} generated pages…`);
    results.push(await benchPrerender(size === 0 ? 'the site' : `site + ${thousands(size)} generated`, size, plan.prerenderRounds, plan.buildCompression));
  }
  emit(
    'Prerendering',
    'A full build of a project copy, then the prerender step (render, head tags, JSON-LD, preloads, file written) against a bare renderToString loop over the same routes, alternating, best of each. Generated pages are copies of seven real pages of different kinds.',
    table(
      [
        'pages',
        'build (s)',
        'build ms/page',
        'prerender pages/s',
        'bare renderToString pages/s',
        'prerender ÷ bare',
        'validate / client / server / prerender / compress (s)',
      ],
      results.map((r) => [
        `${thousands(r.pages)} (${r.label})`,
        fixed(r.buildSeconds),
        fixed(r.buildMsPerPage),
        thousands(r.realPagesPerSecond),
        thousands(r.barePagesPerSecond),
        ratio(r.realPagesPerSecond, r.barePagesPerSecond),
        [r.build.validateMs, r.build.clientMs, r.build.serverMs, r.build.prerenderMs, r.build.compressMs].map((ms) => fixed(ms / 1000)).join(' / '),
      ]),
    ),
  );
}

if (wanted('search')) {
  log('search…');
  const queries = readQueries(root);
  const current = await searchSide(root);
  const baseline = baselineRoot ? await searchSide(baselineRoot) : undefined;
  const baselineCommit = baselineRoot ? gitCommit(baselineRoot) : undefined;
  const sides = [
    ...(baseline ? [{ label: `before (${baselineCommit})`, side: baseline, factors: plan.searchFactors.slice(0, 2) }] : []),
    { label: baseline ? 'now' : 'this build', side: current, factors: plan.searchFactors },
  ];
  // Each language's pages search their own data: English queries as before, and the Hindi and Hinglish ones on both.
  const groups: { name: string; language: Language; cases: Expectation[] }[] = [
    { name: 'English pages: the English queries', language: 'en', cases: queriesOf(queries, 'en', 'unnamed') },
    { name: 'English pages: Devanagari and Hinglish', language: 'en', cases: queriesOf(queries, 'en', 'named') },
    { name: 'Hindi pages: Devanagari, Hinglish and English', language: 'hi', cases: queriesOf(queries, 'hi') },
  ];
  const relevanceRows = groups.flatMap((group) =>
    sides
      .filter(({ side }) => side.languages.includes(group.language))
      .map(({ label, side }) => {
        const r: RelevanceResult = benchRelevance(side, group.language, group.cases);
        const share = (n: number) => `${n} (${fixed((n / r.queries) * 100, 0)}%)`;
        return [label, group.name, r.queries, share(r.top1), share(r.top3), `${r.listedP50} / ${r.listedP95}`];
      }),
  );
  const timings = current.languages.flatMap((language) =>
    sides
      .filter(({ side }) => side.languages.includes(language))
      .map(({ label, side, factors }) => ({
        label,
        language,
        results: benchSearch(side, language, queries, factors, plan.searchRepeats) as SearchResult[],
        now: side === current,
      })),
  );
  const worker = workerFileKilobytes(root);
  // The goals of issue 19, held in full runs (a smoke run's two repeats say little about a 95th percentile), on each language's pages.
  const goals = [
    { factor: 1, p95Ms: 5 },
    { factor: 10, p95Ms: 20 },
  ];
  for (const { language, results, now } of timings) {
    if (!now) continue;
    for (const goal of goals) {
      const r = results.find((x) => x.records === results[0]!.records * goal.factor);
      if (!quick && r && r.p95Ms >= goal.p95Ms)
        problems.push(`search p95 (${language}) at ${r.label}: ${fixed(r.p95Ms, 2)} ms (the goal is below ${goal.p95Ms} ms)`);
    }
  }
  if (worker !== undefined && worker.gzip >= 40) problems.push(`search worker and index: ${fixed(worker.gzip)} KB gzip (the goal is below 40 KB)`);
  const languageName: Record<Language, string> = { en: 'English', hi: 'Hindi' };
  emit(
    'Search',
    `The relevance queries of tests/fixtures/searchQueries.json (${queries.length}, as students type them: typos, short forms, Hinglish, questions, and Devanagari; ${groups.reduce((sum, g) => sum + g.cases.length, 0)} query and page-language pairs, for the Devanagari and Hinglish ones are typed on the pages of both languages), each run several times, its median kept, then p50 and p95 over the queries typed on a language's pages, on that language's search data (what its pages load: the Hindi pages' own) and on sets copied 10 and 100 times, as the search worker runs them: the data parsed from JSON, the words indexed as it starts, then each query. Times are on this machine; a low-cost phone is several times slower, and the worker keeps that time off the page's thread. Goals: p95 under 5 ms on the site's records and under 20 ms at ten times as many, in each language.${
      baseline ? ` Before: the same queries on ${baselineCommit} (its own content and engine, loaded from a checkout of it in the same run).` : ''
    } Fuse.js is not timed here: issue 28 reports a side-by-side test in which it reached the same relevance on the same records and synonyms at a p95 of 35 ms on the site's records (MiniSearch 0.9) and 283 ms at ten times as many (MiniSearch 3.3), so search stays MiniSearch, in its worker.` +
      (worker === undefined
        ? ''
        : ` What a visitor loads on first opening search, the worker with the engine (${worker.file}): ${fixed(worker.raw)} KB, ${fixed(worker.gzip)} KB gzip, ${fixed(worker.brotli)} KB brotli (the goal is under 40 KB gzip); its language's data is the "data" column below.`),
    `${table(['search', 'pages and queries', 'queries', 'found first', 'found in the first three', 'results listed, p50 / p95'], relevanceRows)}

${table(
  ['search', 'pages', 'records', 'count', 'data (KB, raw / gzip)', 'indexed on start (ms)', 'p50 (ms)', 'p95 (ms)', 'p95 ÷ site'],
  timings.flatMap(({ label, language, results }) =>
    results.map((r) => [
      label,
      languageName[language],
      r.label,
      thousands(r.records),
      `${fixed(r.dataKilobytes, 0)} / ${fixed(r.dataGzipKilobytes, 1)}`,
      fixed(r.indexMs, 0),
      fixed(r.p50Ms, 2),
      fixed(r.p95Ms, 2),
      ratio(r.p95Ms, results[0]!.p95Ms),
    ]),
  ),
)}`,
  );
}

if (wanted('phone')) {
  log('phone: first working tap, navigation progress and scrolling…');
  const loadBefore = loadAverage();
  const site = await startSite();
  const baseline = baselineRoot ? await startBaselineSite(baselineRoot) : undefined;
  const before = baselineRoot ? `before (${gitCommit(baselineRoot)})` : '';
  let taps: TapResult[];
  let tapsBefore: TapResult[] = [];
  let scroll: ScrollResult;
  const navigation: { label: string; result: NavigationResult }[] = [];
  const menus: { label: string; result: MenuResult }[] = [];
  try {
    scroll = await benchScroll(site.url, '/internship');
    taps = await benchTaps(site.url, plan.phoneTargets, plan.phoneRuns);
    if (baseline) tapsBefore = await benchTaps(baseline.url, plan.phoneTargets, plan.phoneRuns);
    if (baseline) {
      // A baseline from before issue 37 has no popover menu to tap (b5a5ede): its row is left out, and the log says so.
      try {
        menus.push({ label: before, result: await benchMenu(baseline.url, plan.phoneRuns) });
      } catch (error) {
        log(`the baseline's menu could not be tapped before hydration (${String((error as Error).message).split('\n')[0]}); its row is left out`);
      }
    }
    menus.push({ label: baseline ? 'now' : 'this build', result: await benchMenu(site.url, plan.phoneRuns) });
    for (const readMs of NAVIGATION_READ_MS.slice(0, quick ? 1 : undefined)) {
      if (baseline) navigation.push({ label: before, result: await benchNavigation(baseline.url, plan.navigationRuns, readMs) });
      navigation.push({ label: baseline ? 'now' : 'this build', result: await benchNavigation(site.url, plan.navigationRuns, readMs) });
    }
  } finally {
    await site.stop();
    await baseline?.stop();
  }
  for (const t of taps)
    if (!quick && t.firstWorkingTapMs >= 100)
      problems.push(`first working tap on ${t.path}: ${fixed(t.firstWorkingTapMs, 0)} ms after first paint (the goal is under 100 ms)`);
  // Held in smoke runs too: a menu that shuts by itself is wrong however few the runs.
  for (const { label, result } of menus)
    if (label !== before && result.openAfter < result.runs)
      problems.push(`the menu tapped before hydration was shut after it in ${result.runs - result.openAfter} of ${result.runs} run(s) on ${result.path}`);
  for (const { label, result } of navigation)
    if (!quick && label !== before && (result.progressMs ?? Number.POSITIVE_INFINITY) >= 100 && result.progressRuns > 0)
      problems.push(`navigation progress ${fixed(result.progressMs ?? Number.NaN, 0)} ms after the tap (the goal is under 100 ms)`);
  const s = (ms: number) => fixed(ms / 1000, 2);
  const tapRow = (label: string, t: TapResult) => [
    label,
    t.path,
    s(t.firstPaintMs),
    s(t.loadEventMs),
    fixed(t.firstWorkingTapMs, 0),
    fixed(t.tapToDetailsMs, 0),
    fixed(t.deadTaps, 0),
  ];
  emit(
    'Phone',
    `The built site served by the real server, in Chromium as a low-cost phone on a weak link sees it: ${PHONE.width} × ${PHONE.height} px, about ${PHONE.kbps} kbps both ways with ${PHONE.rttMs} ms round trips, the CPU ${PHONE.cpuSlowdown}× slower (Chrome DevTools Protocol), nothing cached; median of ${plan.phoneRuns} run(s) per page.${
      baseline ? ` Before: ${gitCommit(baselineRoot!)}, built from its own checkout and served beside this build in the same run.` : ''
    } Load average when this part began: ${loadBefore}; when it ended: ${loadAverage()} (on ${os.cpus().length} cores).`,
    "**First working tap.** From first contentful paint, the bench taps the page's second and third role (or syllabus module) in turn every 100 ms; a tap works when the details it asked for come on screen before the next tap. The figure is when the first such tap was made, from first paint, against the baseline of when the page's scripts had loaded (the load event) in the same run; the goal is under 100 ms. Measured by the same bench on main at 2a1c14b, before any control worked without script (the issue's starting point, served beside this build on 2026-11-22): 3.24 s, 2.70 s and 2.65 s after first paint on these three pages (31, 26 and 26 dead taps; their scripts had loaded 2.46, 1.92 and 2.09 s after first paint; median of 5 runs).\n\n" +
      table(
        [
          'build',
          'page',
          'first paint (s)',
          'scripts loaded, from first paint (s)',
          'first working tap, from first paint (ms)',
          'tap to details (ms)',
          'dead taps',
        ],
        [...tapsBefore.map((t) => tapRow(before, t)), ...taps.map((t) => tapRow(baseline ? 'now' : 'this build', t))],
      ) +
      `\n\n**The menu tapped before hydration.** On ${MENU_PATH}, the menu button touched at first paint, before the page's scripts have come; the menu looked at a second after every island has drawn (scripts/bench/phoneBench.ts, benchMenu; issue 37: it opened, then shut by itself when the scripts came, 3.1 s → 7.2 s). The goal: open after hydration in every run.\n\n` +
      table(
        ['build', 'page', 'tapped, from first paint (ms)', 'live, from first paint (s)', 'open at the tap', 'open after hydration'],
        menus.map(({ label, result: r }) => [label, r.path, fixed(r.tapMs, 0), s(r.liveMs), `${r.openAtTap} of ${r.runs}`, `${r.openAfter} of ${r.runs}`]),
      ) +
      `\n\n**Navigation progress.** A role of the finder on /internship tapped, the finder loaded and left to settle first, the role on screen ${NAVIGATION_READ_MS.map((ms) => `${ms / 1000} s`).join(' or ')} before the tap (scripts/bench/phoneBench.ts, benchNavigation); median of ${plan.navigationRuns} run(s). The goal: something on screen says the tap was taken within 100 ms.\n\n` +
      table(
        ['build', 'read before the tap', 'first visible progress (ms)', 'new page drawn (ms)', 'drawn at its top', 'scrolled when drawn (px)'],
        navigation.map(({ label, result: r }) => [
          label,
          `${r.readMs / 1000} s`,
          r.progressMs === null ? '–' : `${fixed(r.progressMs, 0)} (${r.progressRuns} of ${r.runs})`,
          fixed(r.newPageMs, 0),
          `${r.atTopRuns} of ${r.runs}`,
          fixed(r.scrollAtNewPage, 0),
        ]),
      ) +
      `\n\n**Scrolling on /internship.** Screens of scrolling at ${PHONE.width} × ${PHONE.height} px until the first internship showing its monthly stipend is wholly on screen (its bottom edge less one screen), and the page's length: ${fixed(scroll.screens, 1)} screens to "${scroll.what.slice(0, 60)}…"; the page is ${fixed(scroll.pageScreens, 1)} screens long. On 2a1c14b: 12.1 screens (the finder's first role, below 20 program cards that show no stipend), 55.7 screens long.`,
  );
}

if (wanted('api')) {
  const results: ApiResult[] = await benchApi(plan.apiSizes, plan.apiSeconds, plan.apiRounds, log);
  const rate = thousands(OFFERED_RATE);
  for (const r of results) {
    const named = {
      empty: r.flatOut.empty,
      verify: r.flatOut.verify,
      [`empty at ${rate}/s`]: r.offered.empty,
      [`verify at ${rate}/s`]: r.offered.verify,
      verifyWithLogins: [r.verifyWithLogins],
      logins: [r.logins],
    };
    for (const [name, runs] of Object.entries(named)) {
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      if (errors > 0) problems.push(`API ${name} at ${r.certificates} certificates: ${errors} errors or non-2xx answers`);
    }
    // The goal, held in full runs only: a one-second smoke run on a busy machine says nothing about p99.
    const worstP99 = Math.max(...r.offered.verify.map((run) => run.p99Ms));
    if (!quick && worstP99 >= P99_TARGET_MS)
      problems.push(
        `API verify at ${thousands(r.certificates)} certificates: p99 ${worstP99} ms with ${rate} requests a second offered (the goal is below ${P99_TARGET_MS} ms)`,
      );
  }
  const base = results[0]!;
  const latency = (runs: LoadRun[]) => `${median(runs.map((run) => run.p50Ms))} / ${median(runs.map((run) => run.p99Ms))}`;
  const perSecond = (runs: LoadRun[]) => runs.map((run) => run.requestsPerSecond);
  emit(
    'API',
    `autocannon, 10 connections, ${plan.apiSeconds} s a run, rate limits off, embedded SQLite, each server in a process of its own. Verify sends 10 IDs drawn at random from the whole table (all found), answered by one query through Kysely; the empty route is a POST on the same server with the same hooks and body, answering []. One server per size, all up at once; each round runs, at each size in turn, both routes flat out and then both at ${rate} requests a second offered; ${plan.apiRounds} round(s). The load generator shares the machine's ${os.cpus().length} cores with the server.\n\n` +
      `**At ${rate} requests a second offered** (autocannon's overallRate: each connection sends its share of a second back to back, then waits for the next second, so requests arrive 10 at a time, a harder load than evenly spaced ones). Latencies as measured, in whole milliseconds; median of the rounds' p50 and p99, and the highest p99 of any round. The goal: verify p99 below ${P99_TARGET_MS} ms at a million certificates.`,
    table(
      ['certificates', 'verify p50 / p99 (ms)', 'empty route p50 / p99 (ms)', 'verify p99, highest round (ms)', 'verify answered req/s'],
      results.map((r) => [
        thousands(r.certificates),
        latency(r.offered.verify),
        latency(r.offered.empty),
        Math.max(...r.offered.verify.map((run) => run.p99Ms)),
        thousands(median(perSecond(r.offered.verify))),
      ]),
    ) +
      `\n\n**Flat out**: best of ${plan.apiRounds}${plan.apiRounds > 1 ? '; in brackets, the lowest and highest of each ratio taken round by round' : ''}. "With log-ins": verify while 2 connections log in at the real scrypt cost.\n\n` +
      table(
        [
          'certificates',
          'empty route req/s (p99 ms)',
          'verify req/s (p99 ms)',
          'verify ÷ empty',
          `verify ÷ verify at ${thousands(base.certificates)}`,
          'verify with log-ins req/s (p99 ms)',
          'log-ins req/s, median (ms)',
          'server memory after (MB)',
        ],
        results.map((r) => {
          const [empty, verify] = [best(r.flatOut.empty), best(r.flatOut.verify)];
          return [
            thousands(r.certificates),
            `${thousands(empty.requestsPerSecond)} (${empty.p99Ms})`,
            `${thousands(verify.requestsPerSecond)} (${verify.p99Ms})`,
            ratioWithSpread(verify.requestsPerSecond, empty.requestsPerSecond, perSecond(r.flatOut.verify), perSecond(r.flatOut.empty)),
            r === base
              ? ratio(1, 1)
              : ratioWithSpread(
                  verify.requestsPerSecond,
                  best(base.flatOut.verify).requestsPerSecond,
                  perSecond(r.flatOut.verify),
                  perSecond(base.flatOut.verify),
                ),
            `${thousands(r.verifyWithLogins.requestsPerSecond)} (${r.verifyWithLogins.p99Ms})`,
            `${fixed(r.logins.requestsPerSecond)}, ${r.logins.p50Ms}`,
            fixed(r.memoryMb, 0),
          ];
        }),
      ),
  );
}

if (wanted('guessing')) {
  log('guessing certificate IDs…');
  const r: GuessingResult = await benchGuessing(plan.guessingSeconds);
  if (r.idsTried > ALLOWANCES.lookupMisses.max + 9)
    problems.push(`Guessing: ${r.idsTried} made-up IDs were answered, more than the budget of ${ALLOWANCES.lookupMisses.max} (+9)`);
  emit(
    'Guessing certificate IDs',
    `One client sends made-up IDs as fast as the server answers, 10 a request (the most the API takes), each request with a new spoofed X-Forwarded-For, for ${plan.guessingSeconds} s against a server with its production limits (no proxy trusted; lookups that find nothing budgeted at ${ALLOWANCES.lookupMisses.max} per ${ALLOWANCES.lookupMisses.windowMs / 60_000} minutes). Before this budget (main at 2a1c14b, 50 IDs a request, X-Forwarded-For believed), the same client was answered for 2,298,300 made-up IDs in 60 s.`,
    table(
      ['seconds', 'requests', 'answered', 'refused (429)', 'made-up IDs answered', 'first refusal'],
      [[r.seconds, thousands(r.requests), thousands(r.answered), thousands(r.refused), thousands(r.idsTried), r.firstRefusal ?? '–']],
    ),
  );
}

if (wanted('logins')) {
  log('log-ins on launch day…');
  const r: LoginLoadResult = await benchLoginLoad(plan.loginSeconds);
  const { home, verify } = r.underLogins;
  if (home.failed + verify.failed + r.alone.home.failed + r.alone.verify.failed > 0) problems.push('Log-in load: a page or verify probe failed');
  if (r.logins.failed > 0) problems.push(`Log-in load: log-ins failed: ${JSON.stringify(r.logins.otherAnswers)}`);
  if (r.stop.code !== 0) problems.push(`Log-in load: the server exited ${r.stop.code} after SIGTERM`);
  const probeRow = (name: string, alone: typeof home, under: typeof home) => [
    name,
    `${fixed(alone.p50Ms, 0)} / ${fixed(alone.p99Ms, 0)}`,
    `${fixed(under.p50Ms, 0)} / ${fixed(under.p99Ms, 0)} / ${fixed(under.maxMs, 0)}`,
    ratio(under.p99Ms, alone.p99Ms),
  ];
  emit(
    'Log-ins on launch day',
    `The production server (server/main.ts, the built site, scrypt at its real cost, rate limits off so that every log-in hashes) while ${LOGIN_CLIENTS} clients log in back to back for ${r.seconds} s; a visitor opens / and another verifies a certificate every 50 ms, first with no log-ins, then during them. Then SIGTERM with log-ins in flight. Before the hashing queue (main at 2a1c14b, on a quiet machine, 60 s): / p50 183 ms, p99 564 ms, highest 759 ms; peak memory 628 MB; the stop took 70.4 s.`,
    `${table(['probe', 'alone p50 / p99 (ms)', 'during log-ins p50 / p99 / highest (ms)', 'p99 during ÷ alone'], [probeRow('GET /', r.alone.home, home), probeRow('verify', r.alone.verify, verify)])}\n\n${table(
      ['log-ins answered', 'answered 503 (queue full)', 'server peak memory (MB)', 'SIGTERM to exit (s)', 'log-ins in flight at SIGTERM'],
      [[thousands(r.logins.answered), thousands(r.logins.busy), fixed(r.peakMemoryMb, 0), fixed(r.stop.ms / 1000, 1), r.stop.inFlight]],
    )}`,
  );
}

if (wanted('staff')) {
  const load = os.loadavg()[0]!;
  const r: StaffBenchResult = await benchStaff(root, plan.staffEnquiries, plan.staffCertificates, plan.staffRequests, log);
  const target = 100;
  for (const list of r.lists) {
    if (!quick && list.p95Ms >= target) problems.push(`staff console ${list.name}: p95 ${fixed(list.p95Ms)} ms (the goal is below ${target} ms)`);
  }
  emit(
    'Staff console lists',
    `The staff console's list pages on the embedded SQLite with ${thousands(r.enquiries)} enquiries and ${thousands(r.certificates)} certificates (scripts/bench/staffBench.ts): ${r.requests} requests of each, one after another, answered in process (app.inject: the route, the session and role check, the page's query and its count, the JSON answer), after three unmeasured ones. Pages of 50, with their counts (a search by name counts up to 1,000; the count of every certificate is kept a minute). The p95 figures move with the load of this shared machine: its load average was ${fixed(load)} when this run began, on ${os.cpus().length} cores. The goal: p95 below ${target} ms for each.`,
    table(
      ['List', 'Matching', 'p50 ms', 'p95 ms'],
      r.lists.map((l) => [l.name, `${thousands(l.total)}${l.atLeast ? ' or more' : ''}`, fixed(l.p50Ms), fixed(l.p95Ms)]),
    ),
  );
}

if (wanted('applications')) {
  const load = os.loadavg()[0]!;
  const r: ApplicationsBenchResult = await benchApplications(root, plan.applications, plan.applicationEnquiries, plan.applicationRequests, log);
  const target = 100;
  for (const db of r.databases) {
    for (const list of db.lists) {
      if (!quick && list.p95Ms >= target)
        problems.push(`applications on ${db.name}, ${list.name}: p95 ${fixed(list.p95Ms)} ms (the goal is below ${target} ms)`);
    }
  }
  const first = r.databases[0];
  emit(
    "Applications board and the student's list",
    `Issue 34's board (/api/staff/applications and one application) and the student's own list (/api/account/applications) with ${thousands(r.applications)} applications from ${thousands(r.students)} students (a tenth not yet confirmed; every status, each with its history) and ${thousands(r.enquiries)} enrolments and contact messages in the same table (scripts/bench/applicationsBench.ts), on the embedded SQLite${r.postgresSkipped ? ` only (PostgreSQL: ${r.postgresSkipped})` : ' and on PostgreSQL (vacuum analyze after the load, as autovacuum would)'}: ${r.requests} requests of each, one after another, answered in process (app.inject: the route, the session and role check, the queries, the JSON answer), after three unmeasured ones. The student has ${r.memberApplications} applications. Before the board counted what matches apart from the unconfirmed accounts' applications (commit 9407c42; its count had joined every matching application to its account), measured the same way at 30 requests: first page p95 184 ms on SQLite and 243 ms on PostgreSQL, open only 292 and 383 ms. The p95 figures move with the load of this shared machine: its load average was ${fixed(load)} when this run began, on ${os.cpus().length} cores. The goal: p95 below ${target} ms for each.`,
    table(
      ['List', 'Matching', ...r.databases.flatMap((db) => [`${db.name} p50 ms`, `${db.name} p95 ms`])],
      (first?.lists ?? []).map((l) => [
        l.name,
        `${thousands(l.total)}${l.atLeast ? ' or more' : ''}`,
        ...r.databases.flatMap((db) => {
          const same = db.lists.find((m) => m.name === l.name);
          return same ? [fixed(same.p50Ms), fixed(same.p95Ms)] : ['–', '–'];
        }),
      ]),
    ),
  );
}

if (wanted('releases')) {
  log('answering from the current release…');
  const r: ReleaseResult = await benchReleases(root, plan.releaseRequests, plan.releaseRounds);
  emit(
    'Answering from the current release',
    `Each request asks which release DIST_DIR/current names (one readlink) before answering from it, so that a build or a rollback is served from the next request on, by every instance. ${thousands(r.requests)} requests (/, /internship/law, /courses and the entry script, brotli) through Fastify's inject, in one process, against the built site's releases and against a copy of its current release as one folder (nothing to read per request), alternating; median of ${r.rounds} round(s).`,
    table(
      ['from the release (requests/s)', 'from one folder (requests/s)', 'releases ÷ folder'],
      [[thousands(r.releasesPerSecond), thousands(r.folderPerSecond), ratio(r.releasesPerSecond, r.folderPerSecond)]],
    ),
  );
}

if (wanted('lighthouse')) {
  log('Lighthouse…');
  const loadBefore = loadAverage();
  const site = await startSite();
  const baseline = baselineRoot ? await startBaselineSite(baselineRoot) : undefined;
  let now: LighthouseResult[];
  let before: LighthouseResult[] = [];
  try {
    [now, before = []] = (await benchLighthouseSites(plan.lighthouseRoutes, plan.lighthouseRuns, [site.url, ...(baseline ? [baseline.url] : [])])) as [
      LighthouseResult[],
      LighthouseResult[]?,
    ];
  } finally {
    await site.stop();
    await baseline?.stop();
  }
  for (const r of now) if (!Number.isFinite(r.performance) || r.performance === 0) problems.push(`Lighthouse gave no performance score for ${r.route}`);
  const was = (route: string) => before.find((r) => r.route === route);
  const change = (after: string, prior?: string) => (prior === undefined ? after : `${prior} → ${after}`);
  emit(
    'Lighthouse',
    `Lighthouse 12, mobile setting (simulated slow 4G, 4× CPU slowdown), against the built site served by the real server; median of ${plan.lighthouseRuns} run(s).${
      baseline
        ? ` Before → after: ${gitCommit(baselineRoot!)}, built from its own checkout and served beside this build, the two taking turns run by run, so a machine that grows busier weighs on both alike.`
        : ''
    } Load average when this part began: ${loadBefore}; when it ended: ${loadAverage()} (on ${os.cpus().length} cores): Lighthouse simulates the phone from a trace of this machine, so a busy machine raises blocking time on both sides; compare the two, not the figures with another run's. CPU blocking: the same sum from the main thread's CPU time after first paint (each task's CPU time × 4, less 50 ms), which a busy machine does not inflate. Script: what the page loaded before it was idle, as served (compressed).`,
    table(
      [
        'route',
        'performance',
        'TBT (ms)',
        'CPU blocking (ms)',
        'LCP (s)',
        'accessibility',
        'best practices',
        'SEO',
        'script (KB)',
        'DOM elements',
        'audits below 0.9 (after)',
      ],
      now.map((r) => {
        const p = was(r.route);
        return [
          r.route,
          change(String(r.performance), p && String(p.performance)),
          change(fixed(r.tbtMs, 0), p && fixed(p.tbtMs, 0)),
          change(fixed(r.cpuBlockingMs, 0), p && fixed(p.cpuBlockingMs, 0)),
          change(fixed(r.lcpMs / 1000, 2), p && fixed(p.lcpMs / 1000, 2)),
          change(String(r.accessibility), p && String(p.accessibility)),
          change(String(r.bestPractices), p && String(p.bestPractices)),
          change(String(r.seo), p && String(p.seo)),
          change(fixed(r.scriptKb, 1), p && fixed(p.scriptKb, 1)),
          change(thousands(r.domElements), p && thousands(p.domElements)),
          r.losing.join(', ') || '–',
        ];
      }),
    ),
  );
}

/** The short commit a checkout is at, for the note that names the baseline. */
function gitCommit(dir: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return process.env.BENCH_BASELINE_NAME ?? path.basename(dir);
  }
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const chrome = chromiumExecutable();
  let browser = 'Playwright Chromium';
  if (chrome) {
    try {
      browser = execFileSync(chrome, ['--version'], { encoding: 'utf8' }).trim();
    } catch {
      browser = chrome;
    }
  }
  const sqlite = new BetterSqlite3(':memory:').prepare('select sqlite_version() as v').get() as { v: string };
  return `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ${os.type()} ${os.release()}; Node ${process.version}; SQLite ${sqlite.v}; ${browser}`;
}

if (problems.length > 0) {
  console.error(`\nbench: ${problems.join('\n       ')}`);
  process.exit(1);
}

const today = new Date().toISOString().slice(0, 10);
const benchmarksFile = path.join(root, 'BENCHMARKS.md');
if (!quick && !only) {
  const header = `# Benchmarks\n\nWritten by \`npm run bench\` on ${today}.\n\nMachine: ${machine()}.\n\nEach figure stands beside a baseline measured in the same run, so compare the ratios between machines, not the raw numbers.\n`;
  fs.writeFileSync(benchmarksFile, [header, ...sections].join('\n'));
  log('wrote BENCHMARKS.md');
} else if (!quick && only && fs.existsSync(benchmarksFile)) {
  // A part run on its own replaces its section (or adds it at the end) and says when; the other sections stay as they were.
  let text = fs.readFileSync(benchmarksFile, 'utf8');
  for (const section of sections) {
    const title = section.slice(0, section.indexOf('\n'));
    const dated = section.replace('\n\n', () => `\n\nMeasured on ${today} (\`npm run bench -- --only=${only.join(',')}\`; ${machine()}).\n\n`);
    const start = text.indexOf(`${title}\n`);
    if (start === -1) text = `${text.trimEnd()}\n\n${dated}`;
    else {
      const next = text.indexOf('\n## ', start + title.length);
      text = text.slice(0, start) + dated + (next === -1 ? '' : `\n${text.slice(next + 1)}`);
    }
  }
  fs.writeFileSync(benchmarksFile, text.endsWith('\n') ? text : `${text}\n`);
  log(`updated ${sections.length} section(s) of BENCHMARKS.md`);
}
