import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '../../server/db/schema.ts';
import { addStaffFromCommandLine } from '../../server/features/staff/index.ts';
import { json } from './apiApp.ts';

/** The value of a cookie the answer sets (the last one of that name). */
export function cookieOf(response: LightMyRequestResponse, name: string): string {
  const found = response.cookies.filter((c) => c.name === name).at(-1)?.value;
  if (!found) throw new Error(`no ${name} cookie: ${response.statusCode} ${response.body}`);
  return found;
}

/** The current code of an authenticator holding this secret, as a phone would show it. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** A member's account, signed up through the API: its session cookie. */
export async function signUp(app: FastifyInstance, email: string, password = 'correct horse battery'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', headers: json, payload: { fullName: email.split('@')[0], email, password } });
  return cookieOf(response, 'ic_session');
}

export interface SignedInStaff {
  /** The console session's cookie after both steps. */
  cookie: string;
  secret: string;
  recoveryCodes: string[];
  /** The browser's device cookie, set at the full sign-in: it keeps strangers' lockouts off this browser. */
  device: string;
}

/**
 * A staff member of the role, made as the command line makes one, signed in with password and a code from the
 * authenticator set up at that first sign-in.
 */
export async function staffSignedIn(app: FastifyInstance, email: string, role: StaffRole, password = 'correct horse battery'): Promise<SignedInStaff> {
  await signUp(app, email, password);
  await addStaffFromCommandLine({ db: app.db, publicUrl: app.publicUrl }, email, role);
  const login = await app.inject({ method: 'POST', url: '/api/staff/login', headers: json, payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`staff login: ${login.statusCode} ${login.body}`);
  const secret = (login.json() as { setup: { secret: string } }).setup.secret;
  const second = await app.inject({
    method: 'POST',
    url: '/api/staff/second-factor',
    headers: json,
    cookies: { ic_staff: cookieOf(login, 'ic_staff') },
    payload: { code: totpCode(secret) },
  });
  if (second.statusCode !== 200) throw new Error(`second factor: ${second.statusCode} ${second.body}`);
  return {
    cookie: cookieOf(second, 'ic_staff'),
    secret,
    recoveryCodes: (second.json() as { recoveryCodes: string[] }).recoveryCodes,
    device: cookieOf(second, 'ic_device'),
  };
}

/** A console session that has given the password and not the code. */
export async function passwordOnly(app: FastifyInstance, email: string, password = 'correct horse battery'): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/api/staff/login', headers: json, payload: { email, password } });
  return cookieOf(login, 'ic_staff');
}
