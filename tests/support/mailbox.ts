import type { Mail, Mailer } from '../../server/mail/mailer.ts';

/** A mailer that keeps what it is given, for tests to read; `failing` makes the next sends throw as an SMTP server would. */
export interface Mailbox extends Mailer {
  sent: Mail[];
  failing: boolean;
  /** The last mail to this address, and the first link in it that contains `part`. */
  lastTo(address: string): Mail | undefined;
  linkIn(mail: Mail | undefined, part: string): string | undefined;
}

export function mailbox(): Mailbox {
  const box: Mailbox = {
    sent: [],
    failing: false,
    destination: 'memory',
    async send(mail) {
      if (box.failing) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ESOCKET' });
      box.sent.push(mail);
    },
    close() {},
    lastTo(address) {
      // Mail goes to the address as the site holds it: the same mailbox whatever the case it was typed in.
      return box.sent.filter((m) => m.to.toLowerCase() === address.toLowerCase()).at(-1);
    },
    linkIn(mail, part) {
      return mail?.text.match(/https?:\/\/\S+/g)?.find((link) => link.includes(part));
    },
  };
  return box;
}
