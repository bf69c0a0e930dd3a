import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A token for a link in a mail (256 random bits) and the SHA-256 that is all the database keeps of it. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 43 base64url characters; anything else is not worth a query. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

const STATE_KEY = 'link_signing_secret';
/** What an unsubscribe link's token is signed for (a token signed for one purpose is no good for another). */
export const UNSUBSCRIBE_PURPOSE = 'newsletter-unsubscribe';

export interface LinkSigner {
  /** A token that stands for `subject` forever (an unsubscribe link must work from any old mail), checkable without storing it. */
  sign(purpose: string, subject: string | number): string;
  /** The subject a token stands for, or undefined when it was not made here for this purpose. */
  verify(purpose: string, token: string): string | undefined;
  /** A keyed hash of `subject`: the same every time, of no use to whoever reads it without the secret (a mailbox that has earned a referral). */
  key(purpose: string, subject: string): string;
}

/**
 * Signs the links that must keep working without a row per mail (unsubscribe):
 * HMAC-SHA-256 with a secret made on first start and kept in the database, so
 * every server instance signs and checks alike. Never logged.
 */
export async function linkSigner(db: Kysely<Database>): Promise<LinkSigner> {
  let stored = await db.selectFrom('site_state').select('value').where('key', '=', STATE_KEY).executeTakeFirst();
  if (!stored) {
    await db
      .insertInto('site_state')
      .values({ key: STATE_KEY, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    stored = await db.selectFrom('site_state').select('value').where('key', '=', STATE_KEY).executeTakeFirstOrThrow();
  }
  const secret = Buffer.from(stored.value, 'base64url');
  const mac = (purpose: string, subject: string) => createHmac('sha256', secret).update(`${purpose}:${subject}`).digest('base64url');
  return {
    sign(purpose, subject) {
      return `${subject}.${mac(purpose, String(subject))}`;
    },
    key(purpose, subject) {
      return mac(purpose, subject);
    },
    verify(purpose, token) {
      const dot = token.lastIndexOf('.');
      if (dot <= 0 || token.length > 200) return undefined;
      const subject = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(mac(purpose, subject));
      return given.length === expected.length && timingSafeEqual(given, expected) ? subject : undefined;
    },
  };
}
