import type { FastifyInstance } from 'fastify';
import type { ContactRequest, EnrolmentRequest } from '../../../engine/types.ts';
import { schemaRef } from '../../http/schemas.ts';
import { contact, enrol, readCourses, registerEnquiryMails } from './service.ts';

/** Enrolment and contact enquiries (service.ts holds the rules). A logged-in sender's enquiry is linked to their account. */
export async function enquiriesFeature(app: FastifyInstance): Promise<void> {
  const courses = readCourses(app.root);
  registerEnquiryMails(app, courses);
  const member = 'optional' as const;
  const response = { 200: schemaRef('api/enquiry.response.schema.json'), 201: schemaRef('api/enquiry.response.schema.json') };

  app.post<{ Body: EnrolmentRequest }>(
    '/api/enquiries/enrolment',
    { schema: { body: schemaRef('api/enrolment.request.schema.json'), response }, config: { ...app.limits.route('enquiry'), member } },
    async (request, reply) => {
      const { created, answer } = await enrol(app, request, request.body, courses);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.post<{ Body: ContactRequest }>(
    '/api/enquiries/contact',
    { schema: { body: schemaRef('api/contact.request.schema.json'), response }, config: { ...app.limits.route('contact'), member } },
    async (request, reply) => {
      const { created, answer } = await contact(app, request, request.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );
}
