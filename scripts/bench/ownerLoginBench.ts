/**
 * The owner's log-in after strangers' wrong passwords (issue 24): against the production server (server/main.ts on
 * the built site, scrypt at its real cost, its production limits), the owner signs up and logs in once from their own
 * device (keeping its cookies), then strangers send wrong passwords for the account, each from an address of its own
 * (X-Forwarded-For from a trusted proxy, so no stranger meets the per-client allowance), four at a time; then the
 * owner logs in again from the same device. The owner's log-in is timed before the strangers (the baseline) and after.
 *
 * npx tsx scripts/bench/ownerLoginBench.ts [--wrong=1000] [--root=/path/to/another/checkout]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from '../lib/serverProcess.ts';
import { stopChild } from '../lib/stopChild.ts';

export const STRANGERS_AT_ONCE = 4;

export interface OwnerLoginResult {
  wrongPasswords: number;
  /** What the strangers were answered: status → count. */
  strangerStatuses: Record<string, number>;
  strangerSeconds: number;
  /** The owner's log-in from their device before the strangers and after them. */
  ownerBefore: { status: number; ms: number };
  ownerAfter: { status: number; ms: number };
}

/** The production server of the checkout at `root`, with this bench's settings. */
function startProductionServer(root: string, sqliteFile: string): ReturnType<typeof startBuiltServer> {
  return startBuiltServer(root, sqliteFile, {
    // The bench is the proxy: it names each stranger's address.
    TRUST_PROXY: '127.0.0.1',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://interncraft.in',
    MAIL_OUTBOX: path.join(path.dirname(sqliteFile), 'outbox'),
  });
}

/** The cookies a browser keeps from answers (name=value), sent back on the next request. */
class Jar {
  private readonly cookies = new Map<string, string>();
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export async function benchOwnerLogin(wrongPasswords: number, root = path.resolve(import.meta.dirname, '..', '..')): Promise<OwnerLoginResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-owner-'));
  const { port, child } = await startProductionServer(root, path.join(dir, 'site.db'));
  const url = `http://127.0.0.1:${port}`;
  const owner = { fullName: 'Owner Person', email: 'owner@example.com', password: 'the-owners-own-1' };
  const device = new Jar();
  const ownerAddress = '198.51.100.7';
  const post = (route: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const ownerLogin = async () => {
    const started = performance.now();
    const response = await post('/api/login', { email: owner.email, password: owner.password }, { cookie: device.header(), 'x-forwarded-for': ownerAddress });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    device.keep(response);
    return { status: response.status, ms };
  };
  try {
    const signup = await post('/api/auth/signup', owner, { 'x-forwarded-for': ownerAddress });
    device.keep(signup);
    await signup.arrayBuffer();
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
    const ownerBefore = await ownerLogin();
    if (ownerBefore.status !== 200) throw new Error(`the owner's first log-in answered ${ownerBefore.status}`);

    const strangerStatuses: Record<string, number> = {};
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: STRANGERS_AT_ONCE }, async () => {
        while (next < wrongPasswords) {
          const n = next++;
          const address = `203.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
          const response = await post('/api/login', { email: owner.email, password: `wrong-guess-${n}` }, { 'x-forwarded-for': address });
          await response.arrayBuffer();
          strangerStatuses[response.status] = (strangerStatuses[response.status] ?? 0) + 1;
        }
      }),
    );
    const strangerSeconds = (performance.now() - started) / 1000;
    const ownerAfter = await ownerLogin();
    return { wrongPasswords, strangerStatuses, strangerSeconds, ownerBefore, ownerAfter };
  } finally {
    await stopChild(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const value = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const root = value('root');
  const result = await benchOwnerLogin(Number(value('wrong') ?? 1000), root ? path.resolve(root) : undefined);
  console.log(JSON.stringify(result, null, 2));
}
