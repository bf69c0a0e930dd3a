import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALLOWANCES } from '../../server/limits/allowances.ts';
import { HashingBusyError } from '../../server/security/hashingQueue.ts';
import { apiApp, json } from '../support/apiApp.ts';
import { backends } from '../support/databases.ts';
import { cookieOf, signUp, staffSignedIn, totpCode } from '../support/staff.ts';

/** Guesses sent at once, each from an address of its own (so no per-client allowance stops them first). */
const AT_ONCE = 25;
const from = (i: number) => `198.51.100.${i + 1}`;

/**
 * A guess counter spends the attempt before the guess is tried (issue 33): guesses sent together cannot each read
 * the count before any of them has added to it, so no more are tried than the allowance, on either database.
 */
describe.each(backends())('guesses sent at once on $name', (backend) => {
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  /** Every password the server checked (a scrypt verification), whatever the answer. */
  let checked: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    const opened = await backend.open();
    dispose = opened.dispose;
    // Production allowances; a hashing queue long enough for every guess, so none is turned away as busy instead.
    app = await apiApp(opened.handle, { rateLimits: true, hashing: { concurrency: 2, queue: 100 } });
    checked = vi.spyOn(app.passwords, 'verify');
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
  });

  const codes = (answers: { json(): { code?: string } }[]) => answers.map((a) => a.json().code ?? 'OK');
  const count = (list: string[], code: string) => list.filter((c) => c === code).length;

  it(`checks at most the allowance (${ALLOWANCES.wrongPasswords.max}) of ${AT_ONCE} wrong member passwords sent at once`, async () => {
    await signUp(app, 'guessed.member@example.com');
    checked.mockClear();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: json,
          remoteAddress: from(i),
          payload: { email: 'guessed.member@example.com', password: `wrong guess ${i}` },
        }),
      ),
    );
    const seen = codes(answers);
    expect(count(seen, 'LOGIN_FAILED')).toBe(ALLOWANCES.wrongPasswords.max);
    expect(count(seen, 'ACCOUNT_LOCKED')).toBe(AT_ONCE - ALLOWANCES.wrongPasswords.max);
    expect(checked).toHaveBeenCalledTimes(ALLOWANCES.wrongPasswords.max);
  });

  it(`checks at most the allowance (${ALLOWANCES.staffWrongPasswords.max}) of ${AT_ONCE} wrong staff passwords sent at once`, async () => {
    await staffSignedIn(app, 'guessed.staff@example.com', 'owner');
    checked.mockClear();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/staff/login',
          headers: json,
          remoteAddress: from(i),
          payload: { email: 'guessed.staff@example.com', password: `wrong guess ${i}` },
        }),
      ),
    );
    const seen = codes(answers);
    expect(count(seen, 'LOGIN_FAILED')).toBe(ALLOWANCES.staffWrongPasswords.max);
    expect(count(seen, 'ACCOUNT_LOCKED')).toBe(AT_ONCE - ALLOWANCES.staffWrongPasswords.max);
    expect(checked).toHaveBeenCalledTimes(ALLOWANCES.staffWrongPasswords.max);
  });

  it(`checks at most the allowance (${ALLOWANCES.staffSecondFactor.max}) of ${AT_ONCE} wrong second-factor codes sent at once`, async () => {
    const { secret } = await staffSignedIn(app, 'guessed.code@example.com', 'owner');
    const login = await app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: json,
      remoteAddress: '203.0.113.9',
      payload: { email: 'guessed.code@example.com', password: 'correct horse battery' },
    });
    const session = cookieOf(login, 'ic_staff');
    // Codes the authenticator does not show in this minute (each a different wrong one), and a recovery code never given.
    const good = new Set([-60_000, -30_000, 0, 30_000, 60_000].map((shift) => totpCode(secret, Date.now() + shift)));
    const wrong = ['aaaaa-bbbbb'];
    for (let n = 100_000; wrong.length < AT_ONCE; n += 7919) if (!good.has(String(n))) wrong.push(String(n));
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/staff/second-factor',
          headers: json,
          remoteAddress: from(i),
          cookies: { ic_staff: session },
          payload: { code: wrong[i] },
        }),
      ),
    );
    const seen = codes(answers);
    expect(count(seen, 'SECOND_FACTOR_WRONG')).toBe(ALLOWANCES.staffSecondFactor.max);
    expect(count(seen, 'ACCOUNT_LOCKED')).toBe(AT_ONCE - ALLOWANCES.staffSecondFactor.max);
  });

  it(`checks at most the allowance (${ALLOWANCES.wrongPasswords.max}) of ${AT_ONCE} wrong current passwords a session sends at once`, async () => {
    const session = await signUp(app, 'guessed.session@example.com');
    checked.mockClear();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/account/password',
          headers: json,
          remoteAddress: from(i),
          cookies: { ic_session: session },
          payload: { currentPassword: `wrong guess ${i}`, newPassword: 'a new password' },
        }),
      ),
    );
    const seen = codes(answers);
    expect(count(seen, 'WRONG_PASSWORD')).toBe(ALLOWANCES.wrongPasswords.max);
    expect(count(seen, 'ACCOUNT_LOCKED')).toBe(AT_ONCE - ALLOWANCES.wrongPasswords.max);
    expect(checked).toHaveBeenCalledTimes(ALLOWANCES.wrongPasswords.max);
  });

  it('gives back an attempt that could not be tried (hashing busy), and one that was right', async () => {
    await signUp(app, 'given.back@example.com');
    const login = (password: string, i: number) =>
      app.inject({ method: 'POST', url: '/api/auth/login', headers: json, remoteAddress: from(i), payload: { email: 'given.back@example.com', password } });
    checked.mockRejectedValueOnce(new HashingBusyError(1));
    expect((await login('wrong guess', 0)).json().code).toBe('HASHING_BUSY');
    expect((await login('correct horse battery', 1)).statusCode).toBe(200);
    // Neither took one of the ten: all ten wrong ones are still tried, the eleventh is not.
    const seen = [];
    for (let i = 0; i <= ALLOWANCES.wrongPasswords.max; i++) seen.push((await login(`wrong guess ${i}`, i)).json().code);
    expect(seen).toEqual([...Array(ALLOWANCES.wrongPasswords.max).fill('LOGIN_FAILED'), 'ACCOUNT_LOCKED']);
  });
});
