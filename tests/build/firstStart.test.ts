import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettingsSchema } from '../../server/settings.ts';
import { makeTempProject } from '../../tooling/projectCopy.ts';
import { TEST_BUILD_ENV } from '../support/testBuilds.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** A newcomer's shell: none of the server's settings, and no NODE_ENV (the test runner's own, test, is taken out). */
function newcomersEnvironment(port: number): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(readSettingsSchema().properties)) delete env[name];
  delete env['VITEST'];
  return { ...env, ...TEST_BUILD_ENV, PORT: String(port), HOST: '127.0.0.1' };
}

interface Started {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** `npm start` in the copy, until it says it serves (a first start builds first: minutes on a busy machine). */
function npmStart(root: string, port: number): Promise<Started> {
  const child = spawn('npm', ['start'], { cwd: root, env: newcomersEnvironment(port), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Serving the site and API at http://localhost:${port}`)) resolve({ child, output: () => output, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`npm start ended (${code}) before serving:\n${output}`)));
  });
}

/**
 * `npm install && npm start` on a fresh clone behaves as every later start does (issue 26): the first start builds
 * in the same process, and the build must not make it a production start. So the sample certificates the README
 * invites people to try are there, and mail links point at this machine, the first time and the second.
 */
describe('npm start on a fresh clone', () => {
  let temp: ReturnType<typeof makeTempProject>;
  let port: number;
  const runs: { output: string; verified: unknown; mailLink: string | undefined }[] = [];

  async function startOnce(): Promise<void> {
    const started = await npmStart(temp.root, port);
    try {
      const base = `http://127.0.0.1:${port}`;
      const verify = await fetch(`${base}/api/certificates/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ certificateIDs: ['IC25/123456'] }),
      });
      const email = `newcomer${runs.length}@example.com`;
      const subscribed = await fetch(`${base}/api/newsletter`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idempotencyKey: `first-start-${runs.length}-${Date.now()}`, email }),
      });
      expect(subscribed.status, await subscribed.clone().text()).toBeLessThan(300);
      // Mail goes to the outbox folder on a start without SMTP_URL, from the mail queue a moment after the answer;
      // soft line breaks of quoted-printable undone.
      const outbox = path.join(temp.root, '.data', 'outbox');
      const find = () =>
        (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
          .find((text) => text.includes(email));
      let mail = find();
      for (const until = Date.now() + 60_000; !mail && Date.now() < until; mail = find()) await new Promise((r) => setTimeout(r, 250));
      runs.push({
        output: started.output(),
        verified: await verify.json(),
        mailLink: mail?.match(/https?:\/\/[^\s"<>]+/g)?.find((l) => l.includes('newsletter')),
      });
    } finally {
      await started.stop();
    }
  }

  beforeAll(async () => {
    temp = makeTempProject('first-start-');
    port = await freePort();
    await startOnce();
    await startOnce();
  }, 600_000);
  afterAll(() => temp?.remove());

  it('builds on the first start, and not on the second', () => {
    expect(runs[0]!.output).toContain('start: no build yet; building…');
    expect(runs[1]!.output).toContain('start: the build is up to date.');
  });

  it('verifies the sample certificate IC25/123456 on the first start as on the second', () => {
    for (const run of runs) {
      expect(run.verified).toEqual([expect.objectContaining({ certificateID: 'IC25/123456', studentName: 'Aarav Sharma' })]);
    }
    expect(runs[0]!.output).toMatch(/Loaded 5 sample certificates/);
  });

  it('writes mail links to this machine on the first start as on the second', () => {
    for (const run of runs) {
      expect(run.output).toContain(`its links start http://localhost:${port}`);
      expect(run.mailLink).toMatch(new RegExp(`^http://localhost:${port}/`));
    }
  });
});
