import type { FastifyInstance } from 'fastify';
import { toCsv } from '../../csv.ts';
import type { EnquiryKind } from '../../db/schema.ts';
import { subscriptionsForExport, unsubscribeLinks } from '../newsletter/index.ts';
import { enquiriesForExport } from './repository.ts';
import { enquiryReference } from './service.ts';

/** A day is read from midnight in India (IST, UTC+5:30), where the team works. */
export function sinceTime(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const time = new Date(`${value}T00:00:00+05:30`);
    return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
  }
  const time = new Date(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined;
}

/** The day after a day, from midnight in India: the end of "up to and including" a day. */
export function dayAfter(day: string): string | undefined {
  const start = sinceTime(day);
  return start ? new Date(new Date(start).getTime() + 86_400_000).toISOString() : undefined;
}

export const EXPORT_KINDS = ['enrolment', 'contact', 'newsletter'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Times as the team reads them in a spreadsheet: 2026-11-22 15:45 in India's time (Excel reads it as a date and time). */
const indianTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
function localTime(iso: string | null): string | null {
  return iso ? indianTime.format(new Date(iso)) : null;
}

const HEADER = [
  'reference',
  'kind',
  'received (IST)',
  'name',
  'email',
  'phone',
  'about (kind:id)',
  'about',
  'message',
  'from an account',
  'acknowledgement e-mailed (IST)',
  'newsletter status',
  'unsubscribe link',
];

/**
 * The enquiries (enrolments, contact messages) and newsletter subscriptions as
 * CSV that Excel opens as written (csv.ts), in the order they came: what
 * `npm run enquiries -- export` writes.
 */
export async function enquiriesCsv(
  context: Pick<FastifyInstance, 'db' | 'links' | 'publicUrl' | 'site'>,
  filter: { kind?: ExportKind | undefined; since?: string | undefined },
): Promise<{ csv: string; rows: number }> {
  const { db } = context;
  const enquiryKind: EnquiryKind | undefined = filter.kind === 'newsletter' ? undefined : filter.kind;
  const rows: (string | number | null)[][] = [];
  if (filter.kind !== 'newsletter') {
    for (const e of await enquiriesForExport(db, { kind: enquiryKind, since: filter.since })) {
      rows.push([
        enquiryReference(e.id),
        e.kind,
        localTime(e.received_at),
        e.name,
        e.email,
        e.phone,
        e.subject_kind ? `${e.subject_kind}:${e.subject_id}` : null,
        e.subject_title,
        e.message,
        e.user_id === null ? 'no' : 'yes',
        localTime(e.acknowledged_at),
        null,
        null,
      ]);
    }
  }
  if (filter.kind === undefined || filter.kind === 'newsletter') {
    for (const s of await subscriptionsForExport(db, filter.since)) {
      rows.push([
        null,
        'newsletter',
        localTime(s.requested_at),
        null,
        s.email,
        null,
        null,
        null,
        null,
        null,
        null,
        s.status,
        unsubscribeLinks(context, s.id).page,
      ]);
    }
    // Enquiries and subscriptions in the order they came.
    rows.sort((a, b) => String(a[2]).localeCompare(String(b[2])));
  }
  return { csv: toCsv(HEADER, rows), rows: rows.length };
}
