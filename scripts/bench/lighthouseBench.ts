import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { median } from '../../tooling/benchStats.ts';
import { chromiumArgs } from '../../tooling/browser.ts';
import { browserPath, startSite } from './siteServer.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');

export interface LighthouseResult {
  route: string;
  runs: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Blocking time counted from the main thread's CPU time, not its wall time: each task after first paint, its CPU
   * time × 4 (Lighthouse's phone) less 50 ms, summed; median. On a busy machine a task's wall time is mostly waiting for
   * a core, which Lighthouse's TBT multiplies by 4 too (a task of 220 ms for 8 ms of CPU); this figure does not move so.
   */
  cpuBlockingMs: number;
  /** Elements in the page (Lighthouse's dom-size), median. */
  domElements: number;
  /** Script transferred before the page is idle (Lighthouse's resource summary, compressed as served), median, in KB. */
  scriptKb: number;
  /** Audits that cost points in the median run, for the note on what would raise a score. */
  losing: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode?: string; title: string; details?: { items?: unknown[] } }>;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * The blocking time of the page's main thread from its CPU time (see LighthouseResult.cpuBlockingMs): the renderer's
 * main thread is the one named CrRendererMain that ran the most tasks; its tasks from first contentful paint on count.
 */
export function cpuBlockingMs(events: TraceEvent[], slowdown = 4): number {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`));
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(`${task.pid}:${task.tid}`, (counts.get(`${task.pid}:${task.tid}`) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main)?.ts ?? 0;
  let blocking = 0;
  for (const task of tasks) {
    if (`${task.pid}:${task.tid}` !== main || task.ts < fcp) continue;
    blocking += Math.max(0, ((task.tdur ?? task.dur ?? 0) / 1000) * slowdown - 50);
  }
  return blocking;
}

async function lighthouseOnce(url: string, chrome: string): Promise<{ report: LighthouseReport; cpuBlockingMs: number }> {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  const flags = ['--headless=new', ...chromiumArgs].join(' ');
  // The report and the run's trace (--save-assets) in a folder of this run's own.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  try {
    const output = path.join(dir, 'report.json');
    // Lighthouse's defaults: the mobile setting (Moto G Power, slow 4G, 4× CPU slowdown), simulated throttling.
    await run(bin, [url, '--output=json', `--output-path=${output}`, '--save-assets', '--quiet', `--chrome-flags=${flags}`], {
      env: { ...process.env, CHROME_PATH: chrome },
      maxBuffer: 64 * 1024 * 1024,
    });
    const report = JSON.parse(fs.readFileSync(output, 'utf8')) as LighthouseReport;
    const traceFile = fs.readdirSync(dir).find((name) => name.endsWith('.trace.json'));
    const trace = traceFile ? (JSON.parse(fs.readFileSync(path.join(dir, traceFile), 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]) : [];
    return { report, cpuBlockingMs: cpuBlockingMs(Array.isArray(trace) ? trace : (trace.traceEvents ?? [])) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One Lighthouse run, tried again when Chrome's trace comes back unusable
 * (NO_NAVSTART and the like, which Lighthouse itself answers with "Please run
 * Lighthouse again"); a page that really fails fails all three tries.
 */
async function lighthouse(url: string, chrome: string, tries = 3): Promise<{ report: LighthouseReport; cpuBlockingMs: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, chrome);
    } catch (error) {
      const why = String((error as { stderr?: string }).stderr ?? (error as Error).message).split('\n')[0];
      if (attempt >= tries) throw new Error(`Lighthouse failed ${tries} times on ${url}: ${why}`);
      console.error(`bench: Lighthouse run on ${url} failed (${why}); trying again`);
    }
  }
}

/**
 * The pages students land on (issue 38): the home page, the internships and a stream, the courses and a course, the
 * jobs, certificate verification and its answer, a certificate's own page (a sample every first start loads) and the
 * account page.
 */
export const LIGHTHOUSE_ROUTES = [
  '/',
  '/internship',
  '/internship/law',
  '/courses',
  '/courses/WebDevelopment',
  '/jobs',
  '/certificate-verification',
  '/details',
  '/certificate/IC25/123456',
  '/account',
];

const score = (report: LighthouseReport, category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);

function scriptKilobytes(report: LighthouseReport): number {
  const items = (report.audits['resource-summary']?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  return (items.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN) / 1000;
}

function summarise(route: string, runs: { report: LighthouseReport; cpuBlockingMs: number }[]): LighthouseResult {
  const reports = runs.map((r) => r.report);
  // Each figure is the median over the runs; the audits listed come from the run with the median performance score.
  const byPerformance = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  const m = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
  const medianScore = (category: string) => median(reports.map((r) => score(r, category)));
  const audit = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
  return {
    route,
    runs: reports.length,
    performance: medianScore('performance'),
    accessibility: medianScore('accessibility'),
    bestPractices: medianScore('best-practices'),
    seo: medianScore('seo'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cpuBlockingMs: median(runs.map((r) => r.cpuBlockingMs)),
    cls: audit('cumulative-layout-shift'),
    domElements: audit('dom-size'),
    scriptKb: median(reports.map(scriptKilobytes)),
    losing: Object.entries(m.audits)
      .filter(([, a]) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'binary'))
      .map(([id]) => id),
  };
}

/**
 * Lighthouse 12 in its mobile setting on each route, `runs` times, the median of each figure, on each of `bases` (any
 * running copies of the site: this build and a baseline beside it). The sites take turns, run by run and route by
 * route, so a machine that grows busier weighs on each alike. Answers one list of results per base, in its order.
 */
export async function benchLighthouseSites(routes: string[], runs: number, bases: string[]): Promise<LighthouseResult[][]> {
  const chrome = await browserPath();
  const results: LighthouseResult[][] = bases.map(() => []);
  for (const route of routes) {
    const reports: { report: LighthouseReport; cpuBlockingMs: number }[][] = bases.map(() => []);
    for (let i = 0; i < runs; i++) {
      // Which site goes first alternates too.
      const order = bases.map((_, b) => b);
      if (i % 2 === 1) order.reverse();
      for (const b of order) reports[b]!.push(await lighthouse(bases[b]! + encodeURI(route), chrome));
    }
    for (const [b] of bases.entries()) results[b]!.push(summarise(route, reports[b]!));
  }
  return results;
}

/** The same on this build alone, served by the real server (or on `base`, any running copy of the site). */
export async function benchLighthouse(routes: string[], runs: number, base?: string): Promise<LighthouseResult[]> {
  const site = base ? { url: base, stop: async () => {} } : await startSite();
  try {
    return (await benchLighthouseSites(routes, runs, [site.url]))[0]!;
  } finally {
    await site.stop();
  }
}

// Lets `npx tsx scripts/bench/lighthouseBench.ts http://localhost:5650 3` measure any running copy of the site (the "before" figures).
if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.argv[2] ?? 'http://localhost:5000';
  const runs = Number(process.argv[3] ?? 3);
  const routes = process.argv.slice(4);
  for (const r of await benchLighthouse(routes.length > 0 ? routes : LIGHTHOUSE_ROUTES, runs, base)) console.log(JSON.stringify(r));
}
