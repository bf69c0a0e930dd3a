import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { describe, expect, inject, it } from 'vitest';
import { chromiumArgs, testBrowserExecutable } from '../../tooling/browser.ts';
import { projectRoot } from '../../tooling/projectCopy.ts';
import { TEST_BUILD_ENV } from '../support/testBuilds.ts';

const cluster = inject('cluster');
const run = promisify(execFile);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = unknown>(): T;
}

/**
 * One request, from a loopback address of the test's choosing (127.0.0.2, 127.0.0.3, …): each test is its own
 * visitor as nginx sees it, so the tests do not spend each other's allowances. Over HTTPS to nginx, trusting the
 * certificate the setup made for it; over plain HTTP to an instance.
 */
function request(
  base: string,
  method: string,
  requestPath: string,
  options: { from?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(requestPath, base);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      {
        ...(secure ? { ca: cluster.certificate } : {}),
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: options.from,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

const viaProxy = (method: string, requestPath: string, options: Parameters<typeof request>[3] = {}) => request(cluster.proxy, method, requestPath, options);
const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
const verify = (from: string, ids: string[], headers: Record<string, string> = {}) =>
  viaProxy('POST', '/api/certificates/verify', { from, body: { certificateIDs: ids }, headers });

async function importCertificates(rows: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-import-'));
  const file = path.join(dir, 'certificates.csv');
  fs.writeFileSync(file, ['certificateID,studentName,regNo,college,courseName,marks,issueDate', ...rows].join('\n'));
  try {
    return await run(process.execPath, ['--import', 'tsx', 'server/cli/certificates.ts', 'import', file], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: cluster.databaseUrl },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(Boolean(cluster.skip))('two server instances behind nginx, on one PostgreSQL', () => {
  it('answers health checks, pages from the instances and hashed assets from nginx', async () => {
    for (const base of [cluster.proxy, ...cluster.instances]) {
      expect((await request(base, 'GET', '/healthz')).status).toBe(200);
      expect((await request(base, 'GET', '/readyz')).json()).toEqual({ status: 'ready' });
    }
    const home = await viaProxy('GET', '/', { from: '127.0.0.2' });
    expect(home.status).toBe(200);
    expect(home.headers['content-security-policy']).toContain("script-src 'self'");
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
    expect(script).toBeDefined();
    const asset = await viaProxy('GET', script!, { from: '127.0.0.2', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers.server).toMatch(/^nginx/);
    expect((await viaProxy('GET', '/no-such-page', { from: '127.0.0.2' })).status).toBe(404);
  });

  it('speaks HTTPS only: plain HTTP is sent there (but for the certificate authority), HSTS once on every answer', async () => {
    const plain = await request(cluster.plainProxy, 'GET', '/certificate-verification?x=1', { from: '127.0.0.2' });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/certificate-verification?x=1');
    // certbot --webroot proves the domain over plain HTTP: that path alone is answered there.
    fs.mkdirSync(path.join(cluster.acmeRoot, '.well-known', 'acme-challenge'), { recursive: true });
    fs.writeFileSync(path.join(cluster.acmeRoot, '.well-known', 'acme-challenge', 'token123'), 'token123.thumbprint');
    const challenge = await request(cluster.plainProxy, 'GET', '/.well-known/acme-challenge/token123', { from: '127.0.0.2' });
    expect(challenge.status).toBe(200);
    expect(challenge.body).toBe('token123.thumbprint');

    const home = await viaProxy('GET', '/', { from: '127.0.0.2' });
    const script = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(home.body)?.[1];
    for (const answer of [home, await viaProxy('GET', script!, { from: '127.0.0.2' }), await viaProxy('GET', '/api/auth/me', { from: '127.0.0.2' })]) {
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('marks the session cookie Secure through the proxy, whatever X-Forwarded-Proto the client sends', async () => {
    const account = { fullName: 'Asha Nair', email: 'asha.secure@example.com', password: 'secret1' };
    expect((await viaProxy('POST', '/api/auth/signup', { from: '127.0.0.8', body: account })).status).toBe(201);
    for (const headers of [{}, { 'x-forwarded-proto': 'http' }] as Record<string, string>[]) {
      const login = await viaProxy('POST', '/api/login', { from: '127.0.0.8', body: { email: account.email, password: account.password }, headers });
      expect(login.status).toBe(200);
      const cookie = String(login.headers['set-cookie']?.[0] ?? '');
      expect(cookie).toMatch(/^ic_session=[^;]+;/);
      expect(cookie.split(/;\s*/)).toEqual(expect.arrayContaining(['Secure', 'HttpOnly', 'SameSite=Lax']));
    }
  });

  it('sees an import on both instances at once', async () => {
    const imported = await importCertificates(['IC26/700001,Meera Iyer,REG26ME001,IIT Madras,Data Science Internship,88%,2026-01-15']);
    expect(imported.stdout).toContain('1');
    for (const base of cluster.instances) {
      const answer = await request(base, 'POST', '/api/certificates/verify', { body: { certificateIDs: ['IC26/700001'] } });
      expect(answer.json()).toMatchObject([{ certificateID: 'IC26/700001', studentName: 'Meera Iyer', status: 'valid' }]);
    }
    const page = await viaProxy('GET', '/certificate/IC26/700001', { from: '127.0.0.3' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('Meera Iyer');
    const pdf = await viaProxy('GET', '/api/certificates/pdf?id=IC26%2F700001', { from: '127.0.0.3' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Both instances publish one signing key: a credential from either verifies against the same key set.
    const keys = await Promise.all(
      cluster.instances.map(async (base) => (await request(base, 'GET', '/.well-known/jwks.json')).json<{ keys: { kid: string }[] }>()),
    );
    expect(keys[0]!.keys.map((k) => k.kid)).toEqual(keys[1]!.keys.map((k) => k.kid));
  });

  it('keeps a session made on one instance on the other, and ends it on both', async () => {
    const [one, two] = cluster.instances as [string, string];
    const signup = await request(one, 'POST', '/api/auth/signup', { body: { fullName: 'Kiran Rao', email: 'kiran@example.com', password: 'secret1' } });
    expect(signup.status).toBe(201);
    const login = await request(one, 'POST', '/api/login', { body: { email: 'kiran@example.com', password: 'secret1' } });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    expect(cookie).toMatch(/^ic_session=./);
    const me = await request(two, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'kiran@example.com' } });
    expect((await request(two, 'POST', '/api/auth/logout', { headers: { cookie } })).status).toBeLessThan(300);
    expect((await request(one, 'GET', '/api/auth/me', { headers: { cookie } })).json()).toMatchObject({ user: null });
  });

  it('holds the verification limit across both instances: 60 a minute for one visitor, not 60 each; a forged X-Forwarded-For changes nothing', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await verify('127.0.0.4', ['IC26/700001'], { 'x-forwarded-for': `198.51.100.${i}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual(Array(10).fill(429));
    // Another visitor behind the same nginx is not held back.
    expect((await verify('127.0.0.5', ['IC26/700001'])).status).toBe(200);
  });

  it('holds the lookup budget across both instances: 30 made-up IDs answered, then refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await verify('127.0.0.6', [`ZZ99/${String(100000 + i)}`])).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('holds one log-in limit across both instances and both log-in paths, and the per-account limit across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await viaProxy('POST', i % 2 ? '/api/login' : '/api/auth/login', {
            from: '127.0.0.7',
            body: { email: `nobody${i}@example.com`, password: 'wrong-one' },
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);

    // Ten wrong passwords for one account, one from each of ten addresses; the eleventh address is refused too.
    const account: number[] = [];
    for (let i = 0; i < 11; i++)
      account.push((await viaProxy('POST', '/api/login', { from: `127.0.1.${i + 1}`, body: { email: 'kiran@example.com', password: `guess-${i}` } })).status);
    expect(account.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(account[10]).toBe(429);
    // 23 log-ins one after another at the real scrypt cost: over 30 s on a busy 2-core machine (seen in CI).
  }, 120_000);

  it('switches both instances and nginx to a new release without a restart; a page opened before keeps working', async () => {
    // The address npm run new makes from the name, cleaned (issue 37).
    const stream = '/internship/data-analytics';
    const browser = await chromium.launch({ executablePath: testBrowserExecutable(), args: chromiumArgs });
    try {
      // A visitor opens the home page through the proxy before the publish (its certificate is the test's own).
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      await page.goto(`${cluster.proxy}/`);
      await page.waitForLoadState('networkidle');
      expect(await page.content()).not.toContain(`href="${stream}"`);

      // Publish: a new stream, built into the cluster's DIST_DIR while both instances and nginx run.
      const env = { ...process.env, ...TEST_BUILD_ENV, DIST_DIR: path.join(cluster.siteRoot, 'dist') };
      await run(process.execPath, ['--import', 'tsx', 'scripts/newPage.ts', 'internship', 'Data Analytics'], { cwd: cluster.siteRoot, env });
      const file = path.join(cluster.siteRoot, 'pages', 'internship', 'Data Analytics.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('✎ ', ''));
      await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: cluster.siteRoot, env });

      // Every instance, and nginx, answer from the new release: its page, its menus, its search records.
      for (const base of [cluster.proxy, ...cluster.instances]) {
        const answer = await request(base, 'GET', stream, { from: '127.0.0.8' });
        expect(answer.status, base).toBe(200);
        expect(answer.body).toContain('Data Analytics Internships</h1>');
        expect((await request(base, 'GET', '/', { from: '127.0.0.8' })).body).toContain(`href="${stream}"`);
      }
      const fresh = await context.newPage();
      await fresh.goto(`${cluster.proxy}/`);
      await fresh.getByRole('button', { name: 'Search' }).click();
      await fresh.keyboard.type('data analytics');
      // The new release's search records: the stream is among the answers (which answer ranks first is the search's own test).
      await expect.poll(async () => (await fresh.getByRole('option').allTextContents()).some((text) => text.includes('Data Analytics'))).toBe(true);

      // The page opened before the publish: its search (a worker and words of its own release, from nginx) and a page
      // it opens in place (a chunk of its own release) still load.
      await page.getByRole('button', { name: 'Search' }).click();
      await page.keyboard.type('python');
      await expect.poll(() => page.getByRole('option').first().textContent()).toContain('Python Programming');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.url()).toBe(`${cluster.proxy}/courses/PythonProgramming`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Python Programming');
      expect(failed).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 600_000);
});
