import type { FastifyInstance } from 'fastify';
import type { UiText } from '../../../engine/types.ts';
import { siteLink } from '../../mail/mailer.ts';
import { applicationById } from './repository.ts';
import { applicationReference } from './service.ts';

type Event = keyof UiText['mail']['application'];

/**
 * The mails that tell a student where her application stands, composed when the queue sends them: from the
 * application as it is then (a mail for a step since undone is not sent), in plain words, with a link to her account,
 * and only once her address is confirmed (until then the application does not count, and her mails are for the
 * confirmation). The queue holds each address to its daily number of mails.
 */
export function registerApplicationMails(app: FastifyInstance): void {
  app.mailQueue.handle('application', async (payload) => {
    const row = await applicationById(app.db, Number(payload['id']));
    if (!row || row.user_id === null) return { skip: 'the application is gone' };
    const member = await app.db.selectFrom('users').select(['email_confirmed_at', 'language']).where('id', '=', row.user_id).executeTakeFirst();
    if (!member?.email_confirmed_at) return { skip: 'the address is not confirmed' };
    // Written in her language, with the link to her account in it.
    const site = app.sites[member.language];
    const event = String(payload['event']) as Event;
    if (!(event in site.ui.mail.application)) return { skip: `no mail for ${event}` };
    if (event !== 'message' && event !== 'applied' && row.status !== event) return { skip: 'the application has moved on' };
    const reason = event === 'notSelected' && row.reason ? site.ui.applications.reasons[row.reason] : undefined;
    return {
      mail: app.mailsIn(member.language).application(row.email, event, {
        title: row.subject_title ?? '',
        reference: applicationReference(row.id),
        link: siteLink(app.publicUrl, site.accounts.accountPage),
        ...(reason ? { reason } : {}),
      }),
    };
  });
}
