import type { Kysely } from 'kysely';
import type { StaffPendingCredit } from '../../../engine/types.ts';
import { toCsv } from '../../csv.ts';
import type { Database } from '../../db/schema.ts';
import { creditsOfDay, makePayoutBatch, pendingCredits } from './review.repository.ts';

/** Edit distance between two texts (Levenshtein), for how alike two addresses are. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

/** 1 for the same mailbox name, 0 for nothing alike: the parts before the @, without dots, +tags and digits' order aside. */
export function likeness(a: string, b: string): number {
  const local = (address: string) => address.toLowerCase().split('@')[0]!.replace(/\+.*$/, '').replace(/[._-]/g, '');
  const x = local(a);
  const y = local(b);
  if (!x || !y) return 0;
  return Math.round((1 - distance(x, y) / Math.max(x.length, y.length)) * 100) / 100;
}

/**
 * The credits held for review with the signals that matter: how many the referrer earned that day, whether the
 * friend confirmed their address, and how alike the friend's address is to the referrer's or to another friend's
 * of that day (a farm of accounts tends to be ravi1, ravi2, ravi3).
 */
export async function pendingWithSignals(db: Kysely<Database>): Promise<StaffPendingCredit[]> {
  const rows = await pendingCredits(db);
  const days = new Map<string, Awaited<ReturnType<typeof creditsOfDay>>>();
  const out: StaffPendingCredit[] = [];
  for (const row of rows) {
    const day = row.credited_at.slice(0, 10);
    const key = `${row.referrer_id}:${day}`;
    if (!days.has(key)) days.set(key, await creditsOfDay(db, row.referrer_id, day));
    const sameDay = days.get(key)!;
    const others = [row.referrer_email, ...sameDay.filter((c) => c.id !== row.id).map((c) => c.friend_email)].filter((e): e is string => Boolean(e));
    // The address it is most like, so the console can say which, in words.
    const scored = row.friend_email ? others.map((o) => ({ address: o, score: likeness(row.friend_email!, o) })) : [];
    const closest = scored.reduce<{ address: string; score: number } | undefined>((best, s) => (!best || s.score > best.score ? s : best), undefined);
    out.push({
      id: row.id,
      creditedAt: row.credited_at,
      reward: row.reward,
      referrerEmail: row.referrer_email,
      referrerName: row.referrer_name,
      friendEmail: row.friend_email,
      friendConfirmed: row.friend_confirmed_at !== null,
      creditsThatDay: sameDay.length,
      likeness: closest ? Math.max(0, closest.score) : 0,
      likeTo: closest && closest.score > 0 ? closest.address : null,
    });
  }
  return out;
}

/**
 * A payout file: one line per referrer, their approved unpaid credits and the rupees due, as a batch that marks nothing
 * paid (makePayoutBatch); someone marks it paid once the file is safely downloaded (payBatch). No batch, and an empty
 * file, when nothing is owed.
 */
export async function payoutFile(db: Kysely<Database>, by: string): Promise<{ batch: number | null; csv: string; count: number; rupees: number }> {
  const made = await makePayoutBatch(db, by);
  const rows = made?.credits ?? [];
  const byReferrer = new Map<string, { name: string; credits: number; rupees: number }>();
  for (const row of rows) {
    const entry = byReferrer.get(row.email) ?? { name: row.full_name, credits: 0, rupees: 0 };
    entry.credits += 1;
    entry.rupees += row.reward;
    byReferrer.set(row.email, entry);
  }
  const csv = toCsv(
    ['referrer', 'email', 'credits', 'rupees'],
    [...byReferrer].map(([email, e]) => [e.name, email, e.credits, e.rupees]),
  );
  return { batch: made?.id ?? null, csv, count: rows.length, rupees: rows.reduce((sum, r) => sum + r.reward, 0) };
}
