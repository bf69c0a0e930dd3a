import type { FastifyInstance } from 'fastify';
import { EMAIL_PATTERN, isPhoneNumber } from '../../engine/shared/formRules.ts';
import type { ContactRequest, Course, EnrolmentRequest } from '../../engine/types.ts';
import { limit, type MemberContext, sessionUser, trySend } from '../accounts/context.ts';
import { enquiryReference } from '../mail/messages.ts';
import { IdempotencyKeyReusedError, markAcknowledged, recordEnquiry } from '../repositories/enquiries.ts';
import { schemaRef } from '../schemas.ts';
import { canonicalEmail } from '../security/emailAddress.ts';

export interface EnquiryRouteOptions extends MemberContext {
  courses: readonly Course[];
}

const REUSED_KEY = 'This request was already used for another form. Reload the page and send it again.';

/**
 * Enrolment and contact enquiries: stored before anything is said about them,
 * once per idempotency key (a double submit or a retry is the first one
 * again), linked to the sender's account when they are logged in. An
 * enrolment is acknowledged by e-mail.
 */
export async function enquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): Promise<void> {
  const { db } = options;
  const config = limit(options, 10, '1 minute');
  const response = { 200: schemaRef('api/enquiry.response.schema.json'), 201: schemaRef('api/enquiry.response.schema.json') };

  app.post<{ Body: EnrolmentRequest }>(
    '/api/enquiries/enrolment',
    { schema: { body: schemaRef('api/enrolment.request.schema.json'), response }, config },
    async (request, reply) => {
      const name = request.body.name.trim();
      const email = request.body.email.trim();
      const phone = request.body.phone.trim();
      if (!name || !email || !phone) return reply.code(400).send({ message: 'Please fill out all fields' });
      // Look-alike letters from other scripts are refused, as at sign-up (security/emailAddress.ts).
      if (!EMAIL_PATTERN.test(email) || !canonicalEmail(email)) return reply.code(400).send({ message: 'Invalid email format' });
      if (!isPhoneNumber(phone)) return reply.code(400).send({ message: 'Please give a phone number we can call, such as 98765 43210.' });
      const course = options.courses.find((c) => c.id === request.body.courseId);
      if (!course) return reply.code(400).send({ message: 'Course not found' });
      const user = await sessionUser(options, request);
      try {
        const { enquiry, created } = await recordEnquiry(db, {
          kind: 'enrolment',
          idempotencyKey: request.body.idempotencyKey,
          name,
          email,
          phone,
          course: { id: course.id, title: course.title },
          userId: user?.id ?? null,
        });
        let acknowledged = enquiry.acknowledged_at !== null;
        if (created) {
          acknowledged = await trySend(options, request, options.mails.enrolment(email, { id: enquiry.id, name, receivedAt: enquiry.received_at, course }));
          if (acknowledged) await markAcknowledged(db, enquiry.id);
        }
        return reply.code(created ? 201 : 200).send({
          message: 'We have received your enrolment request.',
          reference: enquiryReference(enquiry.id),
          acknowledged,
          course: enquiry.course_title ?? course.title,
        });
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) return reply.code(409).send({ message: REUSED_KEY });
        throw error;
      }
    },
  );

  app.post<{ Body: ContactRequest }>(
    '/api/enquiries/contact',
    { schema: { body: schemaRef('api/contact.request.schema.json'), response }, config },
    async (request, reply) => {
      const name = request.body.name.trim();
      const email = request.body.email.trim();
      const message = request.body.message.trim();
      if (!name || !email || !message) return reply.code(400).send({ message: 'Please fill out all fields' });
      // Look-alike letters from other scripts are refused, as at sign-up (security/emailAddress.ts).
      if (!EMAIL_PATTERN.test(email) || !canonicalEmail(email)) return reply.code(400).send({ message: 'Invalid email format' });
      const user = await sessionUser(options, request);
      try {
        const { enquiry, created } = await recordEnquiry(db, {
          kind: 'contact',
          idempotencyKey: request.body.idempotencyKey,
          name,
          email,
          message,
          userId: user?.id ?? null,
        });
        return reply
          .code(created ? 201 : 200)
          .send({ message: 'We have received your message.', reference: enquiryReference(enquiry.id), acknowledged: false });
      } catch (error) {
        if (error instanceof IdempotencyKeyReusedError) return reply.code(409).send({ message: REUSED_KEY });
        throw error;
      }
    },
  );
}
