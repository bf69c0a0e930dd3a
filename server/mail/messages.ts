import { formatCheckedAt } from '../../engine/shared/dates.ts';
import { fill } from '../../engine/shared/fill.ts';
import type { Locale } from '../../engine/shared/language.ts';
import { formatRupees } from '../../engine/shared/money.ts';
import type { MailText, SiteSettings, UiText } from '../../engine/types.ts';

type MailWords = UiText['mail'];

import type { Mail } from './mailer.ts';

interface Compose {
  to: string;
  kind: string;
  /** The person's name, when we have it. */
  name?: string | undefined;
  values: Record<string, string | number>;
  /** Newsletter mails end with how to unsubscribe, and carry the headers mail apps show an Unsubscribe button for. */
  unsubscribe?: { page: string; oneClick: string } | undefined;
}

/** Builds the mails from the words in data/site.json (ui.mail), so staff change them where they change every other word. */
export function mailComposer(settings: SiteSettings, publicUrl: string, locale: Locale = 'en-IN') {
  const words = settings.ui.mail;
  const compose = (text: MailText, { to, kind, name, values, unsubscribe }: Compose): Mail => {
    const lines = [
      name ? fill(words.greeting, { name }) : words.greetingNoName,
      ...text.paragraphs.map((p) => fill(p, values)),
      `${words.signature}\n${publicUrl}`,
    ];
    if (unsubscribe) lines.push(`--\n${fill(words.unsubscribe, { email: to, link: unsubscribe.page })}`);
    return {
      to,
      kind,
      subject: fill(text.subject, values),
      text: `${lines.join('\n\n')}\n`,
      // RFC 2369 and RFC 8058: mail apps offer Unsubscribe, which posts to the one-click address without opening a page.
      ...(unsubscribe ? { headers: { 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
    };
  };
  return {
    /** No name: whoever typed the form chose it, and the address is not shown to be theirs. */
    enrolment(to: string, enquiry: { reference: string; receivedAt: string; course: { title: string; durationWeeks: number; price: number } }) {
      return compose(words.enrolment, {
        to,
        kind: 'enrolment',
        values: {
          course: enquiry.course.title,
          duration: fill(settings.ui.course.weeks, { count: enquiry.course.durationWeeks }),
          price: formatRupees(enquiry.course.price),
          date: formatCheckedAt(enquiry.receivedAt, locale),
          reference: enquiry.reference,
        },
      });
    },
    newsletterConfirm(to: string, link: string, days: number, unsubscribe: Compose['unsubscribe']) {
      return compose(words.newsletterConfirm, { to, kind: 'newsletter-confirm', values: { link, days }, unsubscribe });
    },
    newsletterAlready(to: string, unsubscribe: Compose['unsubscribe']) {
      return compose(words.newsletterAlready, { to, kind: 'newsletter-already', values: {}, unsubscribe });
    },
    /** `name` only for an account whose address is confirmed (then its owner typed it). */
    passwordReset(to: string, name: string | undefined, link: string, minutes: number) {
      return compose(words.passwordReset, { to, kind: 'password-reset', name: name?.split(/\s+/)[0], values: { link, minutes } });
    },
    accountConfirm(to: string, link: string, days: number) {
      return compose(words.accountConfirm, { to, kind: 'account-confirm', values: { link, days } });
    },
    /**
     * A step of a student's application, in plain words with a link to her account: what she applied for, its
     * reference, the reason in the site's kind words when it is not selected, and nothing anyone else wrote.
     */
    application(to: string, event: keyof MailWords['application'], values: { title: string; reference: string; link: string; reason?: string }) {
      return compose(words.application[event], { to, kind: `application-${event}`, values: { reason: '', ...values } });
    },
    /** A paid order's receipt, its PDF attached (the same file the account offers). */
    receipt(to: string, name: string, values: { title: string; amount: number; number: string; link: string }, pdf: { filename: string; bytes: Buffer }) {
      return {
        ...compose(words.receipt, { to, kind: 'receipt', name: name.split(/\s+/)[0], values: { ...values, amount: formatRupees(values.amount) } }),
        attachments: [{ filename: pdf.filename, contentType: 'application/pdf', base64: pdf.bytes.toString('base64') }],
      };
    },
    /** A reported payment the bank's statement does not show: why, and how to report the right UTR or pay again. */
    paymentRefused(to: string, name: string, values: { title: string; amount: number; reference: string; link: string; reason: string }) {
      return compose(words.paymentRefused, {
        to,
        kind: 'payment-refused',
        name: name.split(/\s+/)[0],
        values: { ...values, amount: formatRupees(values.amount) },
      });
    },
    staffInvitation(to: string, invitation: { inviter: string; role: string; link: string; hours: number }) {
      return compose(words.staffInvitation, { to, kind: 'staff-invitation', values: invitation });
    },
  };
}

export type MailComposer = ReturnType<typeof mailComposer>;
