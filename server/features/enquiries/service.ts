import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPhoneNumber } from '../../../engine/shared/formRules.ts';
import type { ContactRequest, Course, EnquirySubject, EnrolmentRequest } from '../../../engine/types.ts';
import type { EnquiriesTable } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { requireEmail, requireFilled } from '../../http/formChecks.ts';
import { enrolmentById, IdempotencyKeyReusedError, markAcknowledged, type NewEnquiry, recordEnquiry } from './repository.ts';

/** An enquiry's subject as the API gives it, or null for a message about nothing in particular. */
export function subjectOf(row: Pick<EnquiriesTable, 'subject_kind' | 'subject_id' | 'subject_title'>): EnquirySubject | null {
  return row.subject_kind && row.subject_id !== null ? { kind: row.subject_kind, id: row.subject_id, title: row.subject_title ?? row.subject_id } : null;
}

/** How an enquiry is named to the person who sent it and to our team: E000042. */
export function enquiryReference(id: number): string {
  return `E${String(id).padStart(6, '0')}`;
}

/** The catalogue courses (data/courses.json), which enrolments name by id. Read once at start; the build has checked them. */
export function readCourses(root: string): Course[] {
  return (JSON.parse(fs.readFileSync(path.join(root, 'data', 'courses.json'), 'utf8')) as { items: Course[] }).items;
}

async function record(app: FastifyInstance, enquiry: NewEnquiry) {
  try {
    return await recordEnquiry(app.db, enquiry);
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) throw new ApiError('FORM_KEY_REUSED');
    throw error;
  }
}

/**
 * An enrolment: checked, stored before anything is said about it, once per
 * idempotency key (a double submit or a retry is the first one again), linked
 * to the member when logged in, and acknowledged by e-mail the first time.
 */
export async function enrol(app: FastifyInstance, request: FastifyRequest, body: EnrolmentRequest, courses: readonly Course[]) {
  const name = body.name.trim();
  const email = body.email.trim();
  const phone = body.phone.trim();
  requireFilled(name, email, phone);
  requireEmail(email);
  if (!isPhoneNumber(phone)) throw new ApiError('PHONE_INVALID');
  const course = courses.find((c) => c.id === body.courseId);
  if (!course) throw new ApiError('COURSE_NOT_FOUND');
  const { enquiry, created } = await record(app, {
    kind: 'enrolment',
    idempotencyKey: body.idempotencyKey,
    name,
    email,
    phone,
    subject: { kind: 'course', id: String(course.id), title: course.title },
    userId: request.member?.id ?? null,
  });
  const reference = enquiryReference(enquiry.id);
  // Acknowledged by mail from the queue: the answer says only what has happened (acknowledged once the mail has gone).
  if (created) await app.mailQueue.enqueue('enrolment', { enquiryId: enquiry.id });
  return {
    created,
    answer: {
      message: app.site.ui.serverAnswers.enrolmentReceived,
      reference,
      acknowledged: enquiry.acknowledged_at !== null,
      course: enquiry.subject_title ?? course.title,
    },
  };
}

/** A contact message: checked and stored once per idempotency key. */
export async function contact(app: FastifyInstance, request: FastifyRequest, body: ContactRequest) {
  const name = body.name.trim();
  const email = body.email.trim();
  const message = body.message.trim();
  requireFilled(name, email, message);
  requireEmail(email);
  const { enquiry, created } = await record(app, {
    kind: 'contact',
    idempotencyKey: body.idempotencyKey,
    name,
    email,
    message,
    userId: request.member?.id ?? null,
  });
  return { created, answer: { message: app.site.ui.serverAnswers.contactReceived, reference: enquiryReference(enquiry.id), acknowledged: false } };
}

/** An enrolment's acknowledgement, composed when the queue sends it: the course and reference, and nothing the sender typed. */
export function registerEnquiryMails(app: FastifyInstance, courses: readonly Course[]): void {
  app.mailQueue.handle('enrolment', async (payload) => {
    const enquiry = await enrolmentById(app.db, Number(payload['enquiryId']));
    if (!enquiry) return { skip: 'the enquiry is gone' };
    if (enquiry.acknowledged_at) return { skip: 'acknowledged already' };
    const course = courses.find((c) => String(c.id) === enquiry.subject_id);
    if (!course) return { skip: 'the course is no longer in the catalogue' };
    return {
      mail: app.mails.enrolment(enquiry.email, { reference: enquiryReference(enquiry.id), receivedAt: enquiry.received_at, course }),
      onSent: () => markAcknowledged(app.db, enquiry.id),
    };
  });
}
