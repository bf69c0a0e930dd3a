import type { FastifyInstance } from 'fastify';
import type { SubjectKind } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import { CLOSING_NOTICE_DAYS, closingSoon, countOpenApplications } from '../applications/index.ts';
import {
  countNewEnquiries,
  dayAfter,
  enquiriesCsv,
  enquiryReference,
  enquiryWithNotes,
  inboxPage,
  readCourses,
  StatusChangedMeanwhileError,
  StatusOfAnotherKindError,
  sinceTime,
  subjectOf,
  updateEnquiry,
} from '../enquiries/index.ts';
import { countReported } from '../payments/index.ts';
import { countPendingCredits } from '../referrals/index.ts';
import { PAGE_SIZE, pageOf } from './paging.ts';
import { audit } from './service.ts';

/** The inbox's subject filter ("course:2") as its kind and id. */
function subjectFilter(value: string | undefined): { kind: SubjectKind; id: string } | undefined {
  if (!value) return undefined;
  const colon = value.indexOf(':');
  return { kind: value.slice(0, colon) as SubjectKind, id: value.slice(colon + 1) };
}

/** The console's first screen (what waits: enquiries, referral credits, applications) and the enquiries inbox: read by every role, changed by staff and owners. */
export async function staffInboxRoutes(app: FastifyInstance): Promise<void> {
  const words = app.site.ui.serverAnswers;
  // The catalogue's courses, which the inbox's filter offers by name (read once, as enrolments read them).
  const subjects = readCourses(app.root)
    .map((c) => ({ value: `course:${c.id}`, title: c.title }))
    .sort((a, b) => a.title.localeCompare(b.title, 'en-IN'));

  handle(app, 'staffOverview', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const [newEnquiries, pendingReferrals, openApplications, closing, paymentsReported] = await Promise.all([
      countNewEnquiries(app.db),
      countPendingCredits(app.db),
      countOpenApplications(app.db),
      closingSoon(app, CLOSING_NOTICE_DAYS),
      countReported(app.db),
    ]);
    return { newEnquiries, pendingReferrals, openApplications, closingSoon: closing, closingWithinDays: CLOSING_NOTICE_DAYS, paymentsReported };
  });

  handle(app, 'staffEnquiries', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const q = request.query;
    const { page, offset } = pageOf(q);
    const { rows, total } = await inboxPage(
      app.db,
      {
        kind: q.kind,
        subject: subjectFilter(q.subject),
        status: q.status,
        from: q.from ? sinceTime(q.from) : undefined,
        to: q.to ? dayAfter(q.to) : undefined,
        search: q.search,
      },
      offset,
      PAGE_SIZE,
    );
    return {
      total,
      page,
      pageSize: PAGE_SIZE,
      subjects,
      items: rows.map((r) => ({
        id: r.id,
        reference: enquiryReference(r.id),
        kind: r.kind,
        receivedAt: r.received_at,
        name: r.name,
        email: r.email,
        phone: r.phone,
        subject: subjectOf(r),
        status: r.status,
      })),
    };
  });

  handle(app, 'staffEnquiry', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const found = await enquiryWithNotes(app.db, Number(request.query.id));
    if (!found) throw new ApiError('ENQUIRY_NOT_FOUND');
    const e = found.enquiry;
    return {
      enquiry: {
        id: e.id,
        reference: enquiryReference(e.id),
        kind: e.kind,
        receivedAt: e.received_at,
        name: e.name,
        email: e.email,
        phone: e.phone,
        subject: subjectOf(e),
        status: e.status,
        message: e.message,
        fromAccount: e.user_id !== null,
        acknowledgedAt: e.acknowledged_at,
      },
      notes: found.notes.map((n) => ({ at: n.at, author: n.author, statusFrom: n.status_from, statusTo: n.status_to, note: n.note })),
    };
  });

  handle(app, 'staffEnquiryUpdate', async (request) => {
    const note = request.body.note?.trim() || undefined;
    if (!note && !request.body.status) throw new ApiError('FIELDS_MISSING');
    const changed = await updateEnquiry(app.db, request.body.id, { status: request.body.status, note }, request.staff!.email).catch((error: unknown) => {
      if (error instanceof StatusOfAnotherKindError) throw new ApiError('STATUS_NOT_OF_KIND');
      if (error instanceof StatusChangedMeanwhileError) throw new ApiError('CHANGED_MEANWHILE');
      throw error;
    });
    if (!changed) throw new ApiError('ENQUIRY_NOT_FOUND');
    const reference = enquiryReference(request.body.id);
    if (changed.from !== changed.to) await audit(app, request, 'status change', reference, { from: changed.from, to: changed.to });
    if (note) await audit(app, request, 'note', reference, { note });
    return { message: words.enquiryUpdated };
  });

  // The same file as `npm run enquiries -- export`: personal data leaving the system, so staff and owners only, and logged.
  handle(app, 'staffEnquiriesExport', async (request, reply) => {
    const since = request.query.since ? sinceTime(request.query.since) : undefined;
    const { csv, rows } = await enquiriesCsv(app, { kind: request.query.kind, since });
    await audit(app, request, 'export', 'enquiries', { kind: request.query.kind ?? 'all', since: request.query.since ?? null, rows });
    reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="enquiries${request.query.kind ? `-${request.query.kind}` : ''}.csv"`);
    return reply.send(csv);
  });
}
