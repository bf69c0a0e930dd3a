import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../../engine/shared/apiRoutes.ts';
import { DEVICE_COOKIE } from '../../../engine/shared/cookies.ts';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';

const PURPOSE = 'device';
/** A year: a phone that logged in once stays known. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The account as the cookie names it: a keyed hash of its address, so the cookie holds no e-mail. */
function accountTag(app: FastifyInstance, email: string): string {
  return app.links.key('device-account', normaliseEmail(email)).slice(0, 22);
}

/** The device's own name (a random nonce) when this browser has logged in to this account before; undefined otherwise. */
export function knownDevice(app: FastifyInstance, request: FastifyRequest, email: string): string | undefined {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!cookie) return undefined;
  const subject = app.links.verify(PURPOSE, cookie);
  const [tag, nonce] = subject?.split('~') ?? [];
  return tag === accountTag(app, email) && nonce ? nonce : undefined;
}

/** Remembers this browser as a device of the account, after a right password (keeping the device's name if it had one). */
export function rememberDevice(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, email: string): void {
  const nonce = knownDevice(app, request, email) ?? randomBytes(12).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, app.links.sign(PURPOSE, `${accountTag(app, email)}~${nonce}`), {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // Sent to the API only (its routes all check passwords there), never with a page.
    path: API_PREFIX.slice(0, -1),
    maxAge: MAX_AGE_SECONDS,
  });
}
