import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { servedDir } from '../../releases/index.ts';
import { chromiumExecutable } from '../../tooling/browser.ts';
import { spawnServer, startBuiltServer } from '../lib/serverProcess.ts';
import { stopChild } from '../lib/stopChild.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

/** BENCH_PORT when set (machines shared by several people give each a range of ports), else any free one. */
async function sitePort(): Promise<number> {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export async function browserPath(): Promise<string> {
  const own = chromiumExecutable();
  if (own) return own;
  const { chromium } = await import('@playwright/test');
  return chromium.executablePath();
}

/** The real server on the built site, as `npm start` runs it. */
export async function startSite(): Promise<{ url: string; stop(): Promise<void> }> {
  if (!fs.existsSync(path.join(servedDir(path.join(root, 'dist')), 'prerender-manifest.json'))) throw new Error('bench: run npm run build first');
  const port = await sitePort();
  // The server's database is a throwaway: removed, with its WAL files, when the site stops.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-site-'));
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

/**
 * A baseline checkout (BENCH_BASELINE_ROOT: another commit, with its own dependencies installed) built, if it has not
 * been, and served by its own server beside this build's, so that before and after are measured in the same run on the
 * same machine. Its database is a throwaway, as this build's is.
 */
export async function startBaselineSite(baselineRoot: string): Promise<{ url: string; stop(): Promise<void> }> {
  const distDir = path.join(baselineRoot, 'dist');
  if (!fs.existsSync(path.join(servedDir(distDir), 'prerender-manifest.json'))) {
    process.stderr.write(`bench: building the baseline in ${baselineRoot}…\n`);
    const build = spawnServer(path.join(baselineRoot, 'scripts', 'build.ts'), { cwd: baselineRoot, env: { ...process.env, DIST_DIR: distDir } });
    const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
    if (code !== 0) throw new Error(`bench: the baseline's build in ${baselineRoot} failed (${code})`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-baseline-'));
  const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const { url, child } = await startBuiltServer(baselineRoot, path.join(dataDir, 'site.db'), { DIST_DIR: distDir });
    return {
      url,
      stop: async () => {
        await stopChild(child);
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
