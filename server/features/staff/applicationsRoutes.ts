import type { FastifyInstance } from 'fastify';
import { fill } from '../../../engine/shared/fill.ts';
import type { StaffApplicationRow } from '../../../engine/types.ts';
import type { ApplicationStatus, SubjectKind } from '../../db/schema.ts';
import { ApiError, errorAnswer } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import {
  accountOf,
  applicationById,
  applicationReference,
  boardPage,
  type Catalogue,
  CLOSING_NOTICE_DAYS,
  closingSoonBefore,
  eventsOf,
  GRADUATE_YEAR,
  MOVES,
  movedWords,
  moveOne,
  noteApplication,
  resumeFacts,
  resumeFile,
  resumeFileName,
  seatsTaken,
  setCertificate,
  shownAnswer,
  storedAnswers,
} from '../applications/index.ts';
import { findCertificate, nextFreeCertificateId, readCertificateFile, upsertCertificates } from '../certificates/index.ts';
import { dayAfter, sinceTime } from '../enquiries/index.ts';
import { PAGE_SIZE, pageOf } from './paging.ts';
import { audit } from './service.ts';

/**
 * The applications board: every role reads it (answers, résumés, history); staff and owners move applications one by
 * one or in bulk, write notes and messages to the student, and issue the certificate of a completed one. Every change
 * is in the audit log; the moves' rules (the pipeline, the seats) are the applications feature's.
 */
export async function staffApplicationsRoutes(app: FastifyInstance, { catalogue, idPattern }: { catalogue: () => Catalogue; idPattern: string }) {
  const words = app.site.ui.serverAnswers;

  handle(app, 'staffApplications', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const q = request.query;
    const { page, offset } = pageOf(q);
    const colon = q.subject?.indexOf(':') ?? -1;
    const { rows, total, awaitingConfirmation } = await boardPage(
      app.db,
      {
        programmeId: q.programme,
        subject: q.subject && colon > 0 ? { kind: q.subject.slice(0, colon) as SubjectKind, id: q.subject.slice(colon + 1) } : undefined,
        status: q.status,
        open: q.open === 'yes',
        untouchedBefore: q.closing === 'yes' ? closingSoonBefore(app, CLOSING_NOTICE_DAYS) : undefined,
        year: q.year === undefined ? undefined : q.year === 'graduate' ? GRADUATE_YEAR : Number(q.year),
        from: q.from ? sinceTime(q.from) : undefined,
        to: q.to ? dayAfter(q.to) : undefined,
        search: q.search,
      },
      offset,
      PAGE_SIZE,
    );
    const current = catalogue();
    const taken = await seatsTaken(app.db);
    const items: StaffApplicationRow[] = rows.map((r) => ({
      id: r.id,
      reference: applicationReference(r.id),
      receivedAt: r.received_at,
      statusAt: r.status_at,
      name: r.name,
      email: r.email,
      subject: { kind: r.subject_kind ?? 'internship', id: r.subject_id ?? '', title: r.subject_title ?? '' },
      programme: r.programme_title,
      status: r.status as ApplicationStatus,
      reason: r.reason,
      yearOfStudy: r.year_of_study === null ? null : r.year_of_study === GRADUATE_YEAR ? 'graduate' : String(r.year_of_study),
      hasResume: r.resume_id !== null,
      moves: [...MOVES[r.status as ApplicationStatus]],
    }));
    return {
      total,
      page,
      pageSize: PAGE_SIZE,
      items,
      awaitingConfirmation,
      closingWithinDays: CLOSING_NOTICE_DAYS,
      programmes: current.programmes().map((p) => ({ ...p, taken: taken.get(p.id) ?? 0 })),
      subjects: current
        .all()
        .filter((a) => a.onSite)
        .map((a) => ({ value: `${a.kind}:${a.id}`, title: a.programme ? `${a.programme.title}: ${a.title}` : a.title }))
        .sort((a, b) => a.title.localeCompare(b.title, 'en-IN')),
    };
  });

  handle(app, 'staffApplication', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const row = await applicationById(app.db, Number(request.query.id));
    if (!row) throw new ApiError('APPLICATION_NOT_FOUND');
    const account = row.user_id === null ? undefined : await accountOf(app.db, row.user_id);
    const applyable = row.subject_kind && row.subject_id ? catalogue().find(row.subject_kind, row.subject_id) : undefined;
    const answers = storedAnswers(row);
    const resume = row.resume_id === null ? undefined : await resumeFacts(app.db, row.resume_id);
    const events = await eventsOf(app.db, [row.id]);
    const status = row.status as ApplicationStatus;
    // What an offer would take one of: shown before the team makes it.
    const programme = row.programme_id
      ? catalogue()
          .programmes()
          .find((p) => p.id === row.programme_id)
      : undefined;
    const seats = programme ? { ...programme, taken: (await seatsTaken(app.db)).get(programme.id) ?? 0 } : null;
    const at = (to: ApplicationStatus) => events.findLast((e) => e.status_to === to)?.at.slice(0, 10);
    const completedDraft =
      status === 'completed' && row.certificate_id === null
        ? {
            certificateID: await nextFreeCertificateId(app.db),
            studentName: account?.full_name ?? row.name,
            regNo: account?.registration_no ?? '',
            college: answers.find((a) => a.id === 'college')?.value ?? '',
            courseName: row.programme_title ? `${row.programme_title} Internship: ${row.subject_title ?? ''}` : (row.subject_title ?? ''),
            startDate: at('joined') ?? row.received_at.slice(0, 10),
            endDate: at('completed') ?? new Date().toISOString().slice(0, 10),
            skills: applyable?.skills ?? [],
          }
        : null;
    return {
      application: {
        id: row.id,
        reference: applicationReference(row.id),
        receivedAt: row.received_at,
        statusAt: row.status_at,
        name: row.name,
        email: row.email,
        subject: { kind: row.subject_kind ?? 'internship', id: row.subject_id ?? '', title: row.subject_title ?? '' },
        programme: row.programme_title,
        seats,
        status,
        reason: row.reason,
        yearOfStudy: row.year_of_study === null ? null : row.year_of_study === GRADUATE_YEAR ? 'graduate' : String(row.year_of_study),
        hasResume: row.resume_id !== null,
        userId: row.user_id,
        emailConfirmed: account?.email_confirmed_at != null,
        answers: answers.map((a) => ({
          question: a.question,
          answer: shownAnswer(
            app,
            a,
            applyable?.questions.find((q) => q.id === a.id),
          ),
        })),
        resume: resume ? { id: resume.id, bytes: resume.bytes, uploadedAt: resume.uploaded_at } : null,
        certificateId: row.certificate_id,
        moves: [...MOVES[status]],
        certificate: completedDraft,
      },
      events: events.map((e) => ({
        at: e.at,
        author: e.author,
        statusFrom: e.status_from as ApplicationStatus | null,
        statusTo: e.status_to as ApplicationStatus | null,
        reason: e.reason,
        note: e.note,
        toStudent: e.to_student,
      })),
    };
  });

  handle(app, 'staffApplicationsUpdate', async (request) => {
    const { ids, status, reason } = request.body;
    const note = request.body.note?.trim() || undefined;
    const toStudent = request.body.toStudent?.trim() || undefined;
    if (!status && !note && !toStudent) throw new ApiError('FIELDS_MISSING');
    const author = request.staff!.email;
    const changed: number[] = [];
    const refused: { id: number; code: string; message: string }[] = [];
    const current = catalogue();
    for (const id of ids) {
      const error = status
        ? await moveOne(app, id, { to: status, reason, note, toStudent, author }, current)
        : await noteOne(app, id, { note, toStudent, author });
      if (error) {
        const { body } = errorAnswer(app.site.ui, error.code, error.values);
        refused.push({ id, code: body.code, message: body.message });
        continue;
      }
      changed.push(id);
      await audit(app, request, status ? 'status change' : 'note', applicationReference(id), {
        ...(status ? { to: status } : {}),
        ...(reason ? { reason } : {}),
        ...(note ? { note } : {}),
        ...(toStudent ? { toStudent } : {}),
      });
    }
    const message = status ? movedWords(app, changed.length, status) : words.applicationNoted;
    return { message, changed, refused };
  });

  // A student's résumé is personal data leaving the system: logged, and always a download, never shown in the page.
  handle(app, 'staffApplicationResume', async (request, reply) => {
    const row = await applicationById(app.db, Number(request.query.id));
    const resume = row?.resume_id ? await resumeFile(app.db, row.resume_id) : undefined;
    if (!row || !resume) throw new ApiError('RESUME_NOT_FOUND');
    await audit(app, request, 'download', `résumé of ${applicationReference(row.id)}`);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${resumeFileName(applicationReference(row.id))}"`)
      .type('application/pdf')
      .send(resume.content);
  });

  handle(app, 'staffApplicationCertificate', async (request) => {
    const row = await applicationById(app.db, request.body.id);
    if (!row) throw new ApiError('APPLICATION_NOT_FOUND');
    if (row.status !== 'completed' || row.certificate_id !== null) throw new ApiError('APPLICATION_MOVE_NOT_ALLOWED', { from: row.status, to: 'certificate' });
    // The same checks as every issue: the import's own reader, and an ID nobody has.
    const { certificates, problems } = readCertificateFile('form.json', JSON.stringify([request.body.certificate]), idPattern);
    if (problems.length) throw new ApiError('CERTIFICATE_INVALID', { problems: problems.map((p) => p.message).join('; ') });
    const certificate = certificates[0]!;
    if (await findCertificate(app.db, certificate.certificateID)) throw new ApiError('CERTIFICATE_EXISTS', { id: certificate.certificateID });
    // The application is claimed first, by one conditional write: of two people issuing at once, one issues.
    if (!(await setCertificate(app.db, row.id, certificate.certificateID))) throw new ApiError('CHANGED_MEANWHILE');
    try {
      await upsertCertificates(app.db, [certificate]);
    } catch (error) {
      await setCertificate(app.db, row.id, null);
      throw error;
    }
    await audit(app, request, 'issue', certificate.certificateID, { application: applicationReference(row.id), studentName: certificate.studentName });
    return { message: fill(words.applicationCertificateIssued, { id: certificate.certificateID }) };
  });
}

async function noteOne(app: FastifyInstance, id: number, event: { note?: string | undefined; toStudent?: string | undefined; author: string }) {
  if (!(await noteApplication(app.db, { id, ...event, at: new Date().toISOString() }))) return new ApiError('APPLICATION_NOT_FOUND');
  if (event.toStudent) await app.mailQueue.enqueue('application', { id, event: 'message' });
  return undefined;
}
