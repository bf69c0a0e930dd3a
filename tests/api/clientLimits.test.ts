import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import type { Allowances } from '../../server/limits/allowances.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const limits = (overrides: Partial<Allowances> = {}): Partial<Allowances> => ({
  verify: { max: 3, windowMs: 60_000 },
  login: { max: 100, windowMs: 60_000 },
  signup: { max: 100, windowMs: 60_000 },
  wrongPasswords: { max: 100, windowMs: 15 * 60_000 },
  ...overrides,
});

async function app(options: Parameters<typeof apiApp>[1] = {}) {
  const { handle, dispose } = await backends()[0]!.open();
  const instance = await apiApp(handle, options);
  cleanups.push(async () => {
    await instance.close();
    await dispose();
  });
  return instance;
}

type Sender = { remoteAddress?: string; forwardedFor?: string };
const verify = (instance: FastifyInstance, from: Sender = {}) =>
  instance.inject({
    method: 'POST',
    url: '/api/certificates/verify',
    headers: { ...json, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    payload: { certificateIDs: ['IC25/123456'] },
  });
const login = (instance: FastifyInstance, url: string, email: string, password: string, from: Sender = {}) =>
  instance.inject({
    method: 'POST',
    url,
    headers: { ...json, ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}) },
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    payload: JSON.stringify({ email, password }),
  });

describe('the client address limits are counted against', () => {
  it('is the connecting address by default: an X-Forwarded-For of the client’s choosing changes nothing', async () => {
    const instance = await app({ rateLimits: limits() });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify(instance, { remoteAddress: '203.0.113.7', forwardedFor: `198.51.100.${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it.each([
    ['the proxy’s address', ['10.0.0.2']],
    ['a hop count', 1],
  ] as const)('is the address the named proxy saw, with TRUST_PROXY as %s; what the client wrote before it is ignored', async (_name, trustProxy) => {
    const instance = await app({ rateLimits: limits(), trustProxy: trustProxy as string[] | number });
    const proxy = '10.0.0.2';
    // nginx appends the address it saw to whatever the client sent: "spoofed, real".
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify(instance, { remoteAddress: proxy, forwardedFor: `198.51.100.${i}, 203.0.113.7` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another student behind the same proxy has an allowance of their own.
    expect((await verify(instance, { remoteAddress: proxy, forwardedFor: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('is not read from X-Forwarded-For sent by an address that is not the named proxy', async () => {
    const instance = await app({ rateLimits: limits(), trustProxy: ['10.0.0.2'] });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await verify(instance, { remoteAddress: '203.0.113.9', forwardedFor: `198.51.100.${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('log-in limits', () => {
  it('are one allowance for both log-in paths, not one each', async () => {
    const instance = await app({ rateLimits: limits({ login: { max: 3, windowMs: 60_000 } }) });
    const statuses = [];
    for (const url of ['/api/auth/login', '/api/login', '/api/auth/login', '/api/login'])
      statuses.push((await login(instance, url, 'a@b.co', 'wrong-one')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('hold per account: wrong passwords for one e-mail from many addresses stop at the account’s limit, with a sentence that says why', async () => {
    const instance = await app({ rateLimits: limits({ wrongPasswords: { max: 3, windowMs: 15 * 60_000 } }) });
    await instance.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload: JSON.stringify({ fullName: 'Asha', email: 'asha@example.com', password: 'secret1' }),
    });
    const statuses = [];
    // The same account however it is written: case and full-width letters are the same address.
    for (const [i, email] of ['asha@example.com', 'ASHA@example.com', 'ａｓｈａ@example.com', 'asha@example.com'].entries()) {
      statuses.push((await login(instance, '/api/auth/login', email, 'guess-number-one', { remoteAddress: `198.51.100.${i + 1}` })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const locked = await login(instance, '/api/auth/login', 'asha@example.com', 'secret1', { remoteAddress: '203.0.113.50' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/^Too many wrong passwords for this account\. Please wait \d+ minutes? and try again, or reset your password\.$/);
    // Another account is not touched.
    expect((await login(instance, '/api/auth/login', 'ravi@example.com', 'x-guess-1', { remoteAddress: '198.51.100.1' })).statusCode).toBe(401);
  });

  it('count a right password as nothing: a student who logs in often is never locked out', async () => {
    const instance = await app({ rateLimits: limits({ wrongPasswords: { max: 2, windowMs: 15 * 60_000 } }) });
    await instance.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload: JSON.stringify({ fullName: 'Asha', email: 'asha@example.com', password: 'secret1' }),
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(instance, '/api/login', 'asha@example.com', 'secret1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('limits shared by every instance on one database', () => {
  it.each(backends())('hold across two server instances on $name, not twice over', async (backend) => {
    const { one, two } = await twoInstances(backend, limits({ verify: { max: 4, windowMs: 60_000 } }));
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await verify(i % 2 ? two : one, { remoteAddress: '203.0.113.7' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it.each(backends())("send one account no more than the hour's 3 reset links when two instances make them at once, on $name", async (backend) => {
    const { one, two, handle } = await twoInstances(backend);
    await one.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: json,
      payload: { fullName: 'Asha', email: 'asha.resets@example.com', password: 'secret12' },
    });
    // A confirmed address, so the day's number of mails to it (20) is not what stops them.
    await handle.db.updateTable('users').set({ email_confirmed_at: new Date().toISOString() }).execute();
    await one.mailQueue.drain();
    // Enough jobs that each instance takes a batch of its own (20) and makes links alongside the other.
    for (let i = 0; i < 40; i++) await one.mailQueue.enqueue('password-reset', { email: 'asha.resets@example.com' });
    await Promise.all([one.mailQueue.drain(), two.mailQueue.drain()]);
    const links = await handle.db.selectFrom('password_resets').select('token_hash').execute();
    expect(links).toHaveLength(3);
  });
});

/** Two server instances on one database of the backend (a file for SQLite: ":memory:" is one per connection), closed after the test. */
async function twoInstances(backend: ReturnType<typeof backends>[number], rateLimits?: Partial<Allowances>) {
  let shared: Awaited<ReturnType<typeof backend.open>>;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  if (backend.name === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-limits-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'site.db');
    const first = await openDatabase({ sqliteFile: file });
    second = await openDatabase({ sqliteFile: file });
    shared = { handle: first, dispose: () => first.close() };
  } else {
    shared = await backend.open();
    second = await openDatabase({ databaseUrl: urlOf(shared.handle.location) });
  }
  const options = rateLimits ? { rateLimits } : {};
  const one = await apiApp(shared.handle, options);
  const two = await apiApp(second, options);
  cleanups.push(async () => {
    await one.close();
    await two.close();
    await second.close();
    await shared.dispose();
  });
  return { one, two, handle: shared.handle };
}

/** The test database's URL with its password back (the handle's location leaves it out). */
function urlOf(location: string): string {
  const admin = new URL(process.env['TEST_DATABASE_URL']!);
  const url = new URL(location);
  url.username = admin.username;
  url.password = admin.password;
  return url.toString();
}
