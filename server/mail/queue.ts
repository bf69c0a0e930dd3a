import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Allowance } from '../limits/allowances.ts';
import type { Counts } from '../limits/counts.ts';
import { mailboxOf } from './mailbox.ts';
import type { Mail, Mailer } from './mailer.ts';

/** What a kind's composer makes of a job when it is sent: a mail, or the reason none is due. */
export type Composed =
  | {
      mail: Mail;
      /** What to record once it is sent (an enrolment's acknowledgement). */
      onSent?: () => Promise<void>;
    }
  | { skip: string };

export type Composer = (payload: Record<string, unknown>) => Promise<Composed>;

export interface MailQueue {
  /** Queues a mail of a kind, made from these facts when it is sent: requests answer at once, alike whether or not a mail is due or mail is up. */
  enqueue(kind: string, payload: Record<string, unknown>): Promise<void>;
  /** The composer of a kind (each feature registers its own). */
  handle(kind: string, compose: Composer): void;
  /** Whether an address has had its mails for the day (its daily cap spent), and when more may go. */
  dailyCapSpent(address: string): Promise<{ spent: boolean; resetInMs: number }>;
  /** How to tell whether an address's owner has shown it is theirs (accounts register it): such an address has the larger daily cap. */
  confirmWith(isConfirmed: (address: string) => Promise<boolean>): void;
  /** Sends every mail that is due now; answers how many jobs it settled. The worker calls it; tests await it. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface MailCaps {
  /** Mails a day to one address that has confirmed nothing. */
  unconfirmed: Allowance;
  /** Mails a day to an address whose owner has confirmed it. */
  confirmed: Allowance;
}

const BATCH = 20;
/** A claim lasts this long: a process that dies mid-send leaves the job to another after it. */
const CLAIM_MS = 60_000;
/** Waits before each retry of a mail the mail server would not take: about a day in all, then given up. */
const RETRY_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
/** Settled jobs are kept this long for the record, then deleted (they hold addresses). */
const KEEP_MS = 7 * 24 * 3_600_000;

/**
 * The key a recipient's cap counts under: their mailbox (Gmail's dots are one), with any +tag taken off
 * whatever the provider (stricter than the mailbox rules: sharing a cap costs nobody anything), hashed, so the
 * counts table holds no addresses.
 */
export function recipientKey(address: string): string {
  return createHash('sha256')
    .update(mailboxOf(address).replace(/\+[^@]*@/, '@'))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Every mail of the site goes through this queue, kept in the database (so a
 * restart loses nothing and every instance shares it): a request adds a job
 * and answers; a worker in each instance claims due jobs (one instance per
 * job), composes each with its kind's composer, holds each recipient to a
 * daily cap, sends it, and retries what the mail server refused for about a
 * day. Nothing a requester typed reaches a mail: composers take only facts.
 */
export function mailQueue(handle: DatabaseHandle, mailer: Mailer, counts: Counts, caps: MailCaps, log: { error(o: object, m: string): void }): MailQueue {
  const db: Kysely<Database> = handle.db;
  const composers = new Map<string, Composer>();
  let isConfirmed: (address: string) => Promise<boolean> = async () => false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let lastSweep = 0;

  const claim = async (now: Date) => {
    const at = now.toISOString();
    return (
      db
        .updateTable('mail_jobs')
        .set((eb) => ({ claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_jobs')
            .select('id')
            .where('sent_at', 'is', null)
            .where('given_up_at', 'is', null)
            .where('next_attempt_at', '<=', at)
            .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', at)]))
            .orderBy('id')
            .limit(BATCH),
        )
        // Checked again on the row itself: of two instances claiming at once, the second finds it claimed.
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', at)]))
        .returning(['id', 'kind', 'payload', 'attempts', 'composed'])
        .execute()
    );
  };

  const settle = async (id: number, fields: { sent_at?: string; given_up_at?: string; outcome?: string | null; next_attempt_at?: string }) => {
    const done = fields.sent_at !== undefined || fields.given_up_at !== undefined;
    await db
      .updateTable('mail_jobs')
      .set({ ...fields, claimed_until: null, ...(done ? { composed: null } : {}) })
      .where('id', '=', id)
      .execute();
  };

  const sendOne = async (job: { id: number; kind: string; payload: string; attempts: number; composed: string | null }, now: Date) => {
    const at = now.toISOString();
    let mail: Mail;
    let onSent: (() => Promise<void>) | undefined;
    if (job.composed) mail = JSON.parse(job.composed) as Mail;
    else {
      const compose = composers.get(job.kind);
      if (!compose) return settle(job.id, { given_up_at: at, outcome: `no composer for ${job.kind}` });
      const composed = await compose(JSON.parse(job.payload) as Record<string, unknown>);
      if ('skip' in composed) return settle(job.id, { given_up_at: at, outcome: composed.skip });
      const cap = (await isConfirmed(composed.mail.to)) ? caps.confirmed : caps.unconfirmed;
      const { count } = await counts.add('mail-to', recipientKey(composed.mail.to), cap.windowMs, 1, now.getTime());
      if (count > cap.max) return settle(job.id, { given_up_at: at, outcome: 'the recipient has had their mails for the day' });
      mail = composed.mail;
      onSent = composed.onSent;
      await db
        .updateTable('mail_jobs')
        .set({ composed: JSON.stringify(mail) })
        .where('id', '=', job.id)
        .execute();
    }
    try {
      await mailer.send(mail);
    } catch (error) {
      // nodemailer's code and the server's reply code only: its messages can hold the recipient's address.
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      log.error({ mail: mail.kind, code, responseCode, attempt: job.attempts }, 'mail not sent');
      const wait = RETRY_MS[job.attempts - 1];
      if (wait === undefined) return settle(job.id, { given_up_at: at, outcome: `not sent: ${code ?? 'error'} ${responseCode ?? ''}`.trim() });
      return settle(job.id, { next_attempt_at: new Date(now.getTime() + wait).toISOString(), outcome: `retrying: ${code ?? 'error'}` });
    }
    await settle(job.id, { sent_at: at, outcome: null });
    await onSent?.();
  };

  const drainOnce = async (): Promise<number> => {
    if (handle.unwritable()) return 0;
    let settled = 0;
    for (;;) {
      const now = new Date();
      const jobs = await claim(now);
      for (const job of jobs) {
        await sendOne(job, now);
        settled++;
      }
      if (jobs.length < BATCH) break;
    }
    if (Date.now() - lastSweep > 3_600_000) {
      lastSweep = Date.now();
      const before = new Date(Date.now() - KEEP_MS).toISOString();
      await db
        .deleteFrom('mail_jobs')
        .where((w) => w.or([w('sent_at', '<', before), w('given_up_at', '<', before)]))
        .execute();
    }
    return settled;
  };

  const drain = async (): Promise<number> => {
    // One drain at a time per process; a call during one runs again after it, so nothing added meanwhile waits for the timer.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let settled = 0;
      do {
        again = false;
        settled += await drainOnce();
      } while (again);
      return settled;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const quietly = () => {
    drain().catch((error: Error) => log.error({ err: { message: error.message } }, 'mail queue failed'));
  };

  return {
    async enqueue(kind, payload) {
      const at = new Date().toISOString();
      await db
        .insertInto('mail_jobs')
        .values({ kind, payload: JSON.stringify(payload), created_at: at, next_attempt_at: at })
        .execute();
      if (timer) setImmediate(quietly);
    },
    handle(kind, compose) {
      composers.set(kind, compose);
    },
    async dailyCapSpent(address) {
      const cap = (await isConfirmed(address)) ? caps.confirmed : caps.unconfirmed;
      const { count, resetInMs } = await counts.read('mail-to', recipientKey(address), cap.windowMs);
      return { spent: count >= cap.max, resetInMs };
    },
    confirmWith(check) {
      isConfirmed = check;
    },
    drain,
    start() {
      // Every few seconds for retries and for jobs another instance added; at once after a job is added here.
      timer ??= setInterval(quietly, 5_000).unref();
      setImmediate(quietly);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
