import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatLongDate } from '../../../engine/shared/dates.ts';
import { fill } from '../../../engine/shared/fill.ts';
import { ApiError } from '../../errors.ts';
import { handle } from '../../http/routes.ts';
import { memberOf } from '../accounts/index.ts';
import type { Catalogue } from './catalogue.ts';
import { startClosing } from './closing.ts';
import { registerApplicationMails } from './mails.ts';
import { resumeFile, seatsTaken } from './repository.ts';
import { applicationReference, apply, keepResume, myApplications, resumeFileName, withdraw } from './service.ts';

/**
 * Applications on the site (service.ts holds the rules): a member applies, attaches a résumé, sees where each
 * application stands and withdraws; /enroll reads the seats left. The catalogue is the served release's, so what can
 * be applied for changes with every publish.
 */
export async function applicationsFeature(app: FastifyInstance, { catalogue }: { catalogue: () => Catalogue }): Promise<void> {
  // Answers in the language of the page that asked (its Accept-Language).
  const words = (request: FastifyRequest) => app.sites[request.language].ui.serverAnswers;
  registerApplicationMails(app);
  startClosing(app);
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  handle(app, 'apply', async (request, reply) => {
    const member = memberOf(request);
    const { created, application } = await apply(app, request, member, request.body, catalogue());
    reply.code(created ? 201 : 200);
    const title = application.subject.title;
    const message = !created
      ? fill(words(request).applicationAlready, { title, date: formatLongDate(application.appliedAt) })
      : application.counts
        ? fill(words(request).applicationSent, { title })
        : fill(words(request).applicationSentUnconfirmed, { title });
    return { message, existing: !created, application };
  });

  handle(app, 'myApplications', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { applications: await myApplications(app, memberOf(request).id, catalogue()) };
  });

  handle(app, 'withdrawApplication', async (request) => {
    const row = await withdraw(app, memberOf(request).id, request.body.reference);
    return { message: fill(words(request).applicationWithdrawn, { title: row.subject_title ?? '' }) };
  });

  handle(app, 'uploadResume', async (request, reply) => {
    const kept = await keepResume(app, memberOf(request).id, request.body);
    reply.code(201);
    return { message: words(request).resumeKept, resume: { id: kept.id, bytes: Number(kept.bytes), uploadedAt: kept.uploaded_at } };
  });

  // Her own résumé only, always as a download: never shown in the browser, whatever is inside it.
  handle(app, 'resumeFile', async (request, reply) => {
    const resume = await resumeFile(app.db, Number(request.query.id));
    if (!resume || resume.user_id !== memberOf(request).id) throw new ApiError('RESUME_NOT_FOUND');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${resumeFileName(applicationReference(resume.id))}"`)
      .type('application/pdf')
      .send(resume.content);
  });

  handle(app, 'applyables', async (request, reply) => {
    // The served release's content, as its pages show it: a minute's caching costs nothing.
    reply.header('cache-control', 'public, max-age=60');
    return { items: catalogue().about(request.query.kind, request.query.id) };
  });

  handle(app, 'programmeSeats', async (_request, reply) => {
    // Seats change only when the team makes an offer: a minute's staleness on /enroll costs nobody a seat.
    reply.header('cache-control', 'public, max-age=60');
    const taken = await seatsTaken(app.db);
    return {
      programmes: catalogue()
        .programmes()
        .map((p) => ({ id: p.id, seats: p.seats, left: Math.max(0, p.seats - (taken.get(p.id) ?? 0)) })),
    };
  });
}
