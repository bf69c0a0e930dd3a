import type { FastifyInstance } from 'fastify';
import { handle } from '../../http/routes.ts';
import { contact, enrol, readCourses, registerEnquiryMails } from './service.ts';

/** Enrolment and contact enquiries (service.ts holds the rules). A logged-in sender's enquiry is linked to their account. */
export async function enquiriesFeature(app: FastifyInstance): Promise<void> {
  const courses = readCourses(app.root);
  registerEnquiryMails(app, courses);

  handle(app, 'enrolment', async (request, reply) => {
    const { created, answer } = await enrol(app, request, request.body, courses);
    reply.code(created ? 201 : 200);
    return answer;
  });

  handle(app, 'contact', async (request, reply) => {
    const { created, answer } = await contact(app, request, request.body);
    reply.code(created ? 201 : 200);
    return answer;
  });
}
