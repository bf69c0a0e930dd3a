import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { median } from '../../tooling/benchStats.ts';
import { chromiumArgs, chromiumExecutable } from '../../tooling/browser.ts';
import { spawnServer } from '../lib/serverProcess.ts';
import { stopChild } from '../lib/stopChild.ts';

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
  /** Audits that cost points in the median run, for the note on what would raise a score. */
  losing: string[];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode?: string; title: string; details?: unknown }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function browserPath(): Promise<string> {
  const own = chromiumExecutable();
  if (own) return own;
  const { chromium } = await import('@playwright/test');
  return chromium.executablePath();
}

/** The real server on the built site, as `npm start` runs it. */
async function startSite(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!fs.existsSync(path.join(root, 'dist', 'prerender-manifest.json'))) throw new Error('bench: run npm run build first');
  const port = await freePort();
  // The server's database is a throwaway: removed, with its WAL files, when the site stops.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawnServer('server/main.ts', {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG: 'off', SQLITE_FILE: path.join(dataDir, 'site.db') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Serving the site') && resolve());
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
  } catch (error) {
    removeData();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child);
      removeData();
    },
  };
}

async function lighthouseOnce(url: string, chrome: string): Promise<LighthouseReport> {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  const flags = ['--headless=new', ...chromiumArgs].join(' ');
  // Lighthouse's defaults: the mobile setting (Moto G Power, slow 4G, 4× CPU slowdown), simulated throttling.
  const { stdout } = await run(bin, [url, '--output=json', '--output-path=stdout', '--quiet', `--chrome-flags=${flags}`], {
    env: { ...process.env, CHROME_PATH: chrome },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as LighthouseReport;
}

/**
 * One Lighthouse run, tried again when Chrome's trace comes back unusable
 * (NO_NAVSTART and the like, which Lighthouse itself answers with "Please run
 * Lighthouse again"); a page that really fails fails all three tries.
 */
async function lighthouse(url: string, chrome: string, tries = 3): Promise<LighthouseReport> {
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

const score = (report: LighthouseReport, category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);

/** Lighthouse 12 in its mobile setting on each route, `runs` times, the median of each figure. */
export async function benchLighthouse(routes: string[], runs: number): Promise<LighthouseResult[]> {
  const chrome = await browserPath();
  const site = await startSite();
  try {
    const results: LighthouseResult[] = [];
    for (const route of routes) {
      const reports: LighthouseReport[] = [];
      for (let i = 0; i < runs; i++) reports.push(await lighthouse(site.url + encodeURI(route), chrome));
      // Each figure is the median over the runs; the audits listed come from the run with the median performance score.
      const byPerformance = [...reports].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const m = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
      const medianScore = (category: string) => median(reports.map((r) => score(r, category)));
      results.push({
        route,
        runs,
        performance: medianScore('performance'),
        accessibility: medianScore('accessibility'),
        bestPractices: medianScore('best-practices'),
        seo: medianScore('seo'),
        lcpMs: median(reports.map((r) => r.audits['largest-contentful-paint']?.numericValue ?? Number.NaN)),
        tbtMs: median(reports.map((r) => r.audits['total-blocking-time']?.numericValue ?? Number.NaN)),
        cls: median(reports.map((r) => r.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN)),
        losing: Object.entries(m.audits)
          .filter(([, a]) => a.score !== null && a.score < 0.9 && (a.scoreDisplayMode === 'numeric' || a.scoreDisplayMode === 'binary'))
          .map(([id]) => id),
      });
    }
    return results;
  } finally {
    await site.stop();
  }
}
