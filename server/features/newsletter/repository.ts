import type { Kysely } from 'kysely';
import { normaliseEmail } from '../../../engine/shared/formRules.ts';
import type { Database } from '../../db/schema.ts';

/** How long the link in a confirmation mail works. An address never confirmed is forgotten after it. */
export const CONFIRM_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;

export type SubscriptionRequest =
  /** A confirmation mail is due (its link's token is made when it is sent: newConfirmToken). */
  | { outcome: 'confirm'; id: number }
  /** The address is already subscribed: a mail saying so (and how to stop) is due. */
  | { outcome: 'subscribed'; id: number }
  /** The same request again (the same key): the first one's mail went, nothing more is due. */
  | { outcome: 'repeat'; id: number };

/**
 * Someone asks for the newsletter at `email`. Nothing is subscribed yet: the
 * address gets a link (double opt-in), and only following it subscribes.
 */
export async function requestSubscription(db: Kysely<Database>, email: string, requestKey: string, now = new Date()): Promise<SubscriptionRequest> {
  const normalised = normaliseEmail(email);
  await db.deleteFrom('newsletter_subscriptions').where('status', '=', 'pending').where('confirm_expires_at', '<', now.toISOString()).execute();
  const existing = await db.selectFrom('newsletter_subscriptions').selectAll().where('email_normalized', '=', normalised).executeTakeFirst();
  if (existing?.request_key === requestKey) return { outcome: 'repeat', id: existing.id };
  if (existing?.status === 'subscribed') {
    await db.updateTable('newsletter_subscriptions').set({ request_key: requestKey }).where('id', '=', existing.id).execute();
    return { outcome: 'subscribed', id: existing.id };
  }
  const values = {
    email: email.trim(),
    status: 'pending' as const,
    requested_at: now.toISOString(),
    confirm_token_hash: null,
    confirm_expires_at: new Date(now.getTime() + CONFIRM_DAYS * DAY).toISOString(),
    request_key: requestKey,
  };
  const row = await db
    .insertInto('newsletter_subscriptions')
    .values({ ...values, email_normalized: normalised })
    .onConflict((oc) => oc.column('email_normalized').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { outcome: 'confirm', id: row.id };
}

/** Follows the link of a confirmation mail: subscribed (again, harmlessly, if it was already), or undefined when the link is unknown or expired. */
export async function confirmSubscription(
  db: Kysely<Database>,
  confirmTokenHash: string,
  now = new Date(),
): Promise<{ id: number; email: string } | undefined> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email', 'status', 'confirm_expires_at'])
    .where('confirm_token_hash', '=', confirmTokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.status === 'subscribed') return { id: row.id, email: row.email };
  if (!row.confirm_expires_at || row.confirm_expires_at < now.toISOString()) return undefined;
  await db.updateTable('newsletter_subscriptions').set({ status: 'subscribed', confirmed_at: now.toISOString() }).where('id', '=', row.id).execute();
  return { id: row.id, email: row.email };
}

/** Ends a subscription (or a pending request): nothing about the address is kept. */
export async function unsubscribe(db: Kysely<Database>, by: { id: number } | { email: string }): Promise<boolean> {
  const query = db.deleteFrom('newsletter_subscriptions');
  const result = await ('id' in by ? query.where('id', '=', by.id) : query.where('email_normalized', '=', normaliseEmail(by.email))).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function subscriptionOf(db: Kysely<Database>, email: string, now = new Date()) {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email', 'status', 'requested_at', 'confirmed_at', 'confirm_expires_at'])
    .where('email_normalized', '=', normaliseEmail(email))
    .executeTakeFirst();
  // A request whose link has expired is as good as none.
  if (row?.status === 'pending' && (row.confirm_expires_at ?? '') < now.toISOString()) return undefined;
  return row;
}

export async function subscriptionsForExport(db: Kysely<Database>, since?: string) {
  let query = db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'status', 'requested_at', 'confirmed_at']);
  if (since) query = query.where('requested_at', '>=', since);
  return query.orderBy('requested_at').orderBy('id').execute();
}

export async function countSubscriptions(db: Kysely<Database>, since?: string): Promise<number> {
  let query = db.selectFrom('newsletter_subscriptions').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (since) query = query.where('requested_at', '>=', since);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The link of a request's confirmation mail, made as the mail is sent: only the SHA-256 of its token is kept. Undefined when the request is gone or confirmed. */
export async function newConfirmToken(db: Kysely<Database>, id: number, confirmTokenHash: string, now = new Date()) {
  return db
    .updateTable('newsletter_subscriptions')
    .set({ confirm_token_hash: confirmTokenHash, confirm_expires_at: new Date(now.getTime() + CONFIRM_DAYS * DAY).toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['email'])
    .executeTakeFirst();
}

export async function subscriptionById(db: Kysely<Database>, id: number) {
  return db.selectFrom('newsletter_subscriptions').select(['id', 'email', 'status']).where('id', '=', id).executeTakeFirst();
}
