import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type ApiBody, callApi, fileUrl } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { referralLink } from '../../runtime/referralCode.ts';
import { fill } from '../../runtime/text.ts';
import { formatCheckedAt, formatIndianDate } from '../../shared/dates.ts';
import { MIN_PASSWORD_LENGTH } from '../../shared/formRules.ts';
import { formatRupees } from '../../shared/money.ts';
import type { AccountResponse, Action } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { Field, SendFailure } from '../../ui/FormParts.tsx';
import { useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useClipboard } from '../../ui/useClipboard.ts';
import { useFailureMessage, useSubmission } from '../../ui/useSubmission.ts';
import styles from './Account.module.css';

type Outcome = { kind: 'error' | 'success'; message: string } | null;
/** The account page's changes that answer only with a sentence. */
type ChangeRoute = 'accountDetails' | 'accountPassword' | 'accountDelete';

/**
 * A request made from the account page: busy while it runs, then what came of it in words. A refusal says what was
 * not done, then the server's own sentence ("Your password is not changed. That is not your current password.").
 */
function useAction(refused: 'notChanged' | 'passwordNotChanged' | 'notDeleted' = 'notChanged') {
  const ui = useUi();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async <R extends ChangeRoute>(route: R, body: ApiBody<R>, success: string): Promise<boolean> => {
    setBusy(true);
    setOutcome(null);
    const result = await callApi<ChangeRoute>(route, body);
    setBusy(false);
    if (result.ok) setOutcome({ kind: 'success', message: success });
    else
      setOutcome({
        kind: 'error',
        message: result.offline ? ui.account.offline : fill(ui.account[refused], { reason: result.message ?? ui.forms.serverError }),
      });
    return result.ok;
  };
  return { busy, outcome, setOutcome, run };
}

function Said({ outcome }: { outcome: Outcome }) {
  return (
    <p role={outcome?.kind === 'error' ? 'alert' : 'status'} className={outcome ? `alert alert--${outcome.kind}` : 'sr-only'}>
      {outcome?.message}
    </p>
  );
}

export function Card({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  const Sub = useSubheadingTag();
  const headingId = useId();
  return (
    <section className={`card ${styles.card}`} data-wide={wide ? true : undefined} aria-labelledby={headingId}>
      <Sub id={headingId} className={styles.cardTitle}>
        {title}
      </Sub>
      {children}
    </section>
  );
}

export function DetailsCard({ account, onSaved }: { account: AccountResponse; onSaved: () => Promise<void> }) {
  const { settings } = useSite();
  const ui = settings.ui;
  const { setUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const { busy, outcome, setOutcome, run } = useAction();
  const formId = useId();
  const { user } = account;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fullName = String(data.get('fullName') ?? '').trim();
    const registrationNo = String(data.get('registrationNo') ?? '').trim();
    if (!fullName) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (await run('accountDetails', { fullName, registrationNo }, ui.account.saved)) {
      setEditing(false);
      setUser({ ...user, fullName, registrationNo });
      await onSaved();
    }
  };

  return (
    <Card title={ui.account.detailsTitle}>
      {editing ? (
        <form onSubmit={save} noValidate aria-busy={busy}>
          <Field id={`${formId}-fullName`} label={ui.account.fullName} name="fullName" type="text" autoComplete="name" defaultValue={user.fullName} required />
          <Field
            id={`${formId}-registrationNo`}
            label={ui.account.registrationNo}
            name="registrationNo"
            type="text"
            autoComplete="off"
            defaultValue={user.registrationNo}
          />
          <Said outcome={outcome} />
          <p className={styles.buttons}>
            <button type="submit" className="button" disabled={busy}>
              {busy ? ui.account.saving : ui.account.save}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
              {ui.account.cancel}
            </button>
          </p>
        </form>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{ui.account.fullName}</dt>
              <dd>{user.fullName}</dd>
            </div>
            <div>
              <dt>{ui.account.email}</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>{ui.account.registrationNo}</dt>
              <dd>{user.registrationNo || ui.account.notGiven}</dd>
            </div>
            <div>
              <dt>{ui.account.memberSince}</dt>
              <dd>{formatIndianDate(account.createdAt)}</dd>
            </div>
          </dl>
          <Said outcome={outcome} />
          <p className={styles.buttons}>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setOutcome(null);
                setEditing(true);
              }}
            >
              {ui.account.edit}
            </button>
          </p>
          <p className={styles.small}>{fill(ui.account.emailNote, { email: settings.contact.email })}</p>
        </>
      )}
    </Card>
  );
}

/** Until the member opens the link mailed at sign-up: why it matters, and a new link if the first is lost. */
export function ConfirmEmailCard({ account }: { account: AccountResponse }) {
  const ui = useUi();
  const failureMessage = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const again = async () => {
    setBusy(true);
    setOutcome(null);
    const result = await callApi('accountConfirmation');
    setBusy(false);
    // The server's own sentence: the link is queued, and it says so.
    setOutcome(result.ok ? { kind: 'success', message: result.data.message } : { kind: 'error', message: failureMessage(result) });
  };
  return (
    <Card title={ui.account.confirmTitle} wide>
      <p>{fill(ui.account.confirmText, { email: account.user.email })}</p>
      <p className={styles.small}>{ui.account.confirmAgainHint}</p>
      <Said outcome={outcome} />
      <p className={styles.buttons}>
        <button type="button" className="button button--small" disabled={busy} onClick={() => void again()}>
          {busy ? ui.forms.sending : ui.account.confirmAgain}
        </button>
      </p>
    </Card>
  );
}

export function ReferralCard({ account, referralPage }: { account: AccountResponse; referralPage: string }) {
  const site = useSite();
  const ui = site.settings.ui;
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  // 'Copied!' for 2 seconds, as on the referral page (spec section 4).
  const { state: copied, copy } = useClipboard({ resetAfterMs: 2000, fallback: inputRef });
  const { code, signups, earnings, pendingCount, pendingAmount, paid } = account.referral;
  const link = referralLink(site.landmarks.signup ?? '/signup', code);
  return (
    <Card title={ui.account.referralTitle}>
      <label htmlFor={inputId} className="sr-only">
        {ui.referral.linkLabel}
      </label>
      <div className={styles.copyRow}>
        <input ref={inputRef} id={inputId} className={`input ${styles.link}`} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={() => void copy(link)}>
          {ui.referral.copy}
        </button>
      </div>
      <p role="status" className={styles.copied}>
        {copied === 'copied' ? ui.referral.copied : copied === 'failed' ? ui.referral.copyFailed : ''}
      </p>
      <p className={styles.earned} data-fact="account-earnings">
        {fill(ui.account.earned, { amount: formatRupees(earnings) })}
      </p>
      {paid > 0 ? <p data-fact="account-paid">{fill(ui.account.paidOut, { amount: formatRupees(paid) })}</p> : null}
      {pendingCount > 0 ? (
        <p data-fact="account-pending">
          {fill(ui.account.pendingReview, { amount: formatRupees(pendingAmount) })}
          <br />
          <span className={styles.small}>{ui.account.pendingReviewNote}</span>
        </p>
      ) : null}
      <p data-fact="account-signups">{signups === 1 ? ui.account.friend : fill(ui.account.friends, { count: signups })}</p>
      <p className={styles.small}>
        {fill(ui.referral.perReferral, { amount: formatRupees(site.settings.accounts.referralReward) })}{' '}
        <SmartLink href={referralPage}>{ui.account.referralPage}</SmartLink>
      </p>
    </Card>
  );
}

export function EnquiriesCard({ account, catalogueLink }: { account: AccountResponse; catalogueLink: Action }) {
  const ui = useUi().account;
  return (
    <Card title={ui.enquiriesTitle} wide>
      {account.enquiries.length === 0 ? (
        <>
          <p>{ui.noEnquiries}</p>
          <p>
            <ActionLink action={catalogueLink} small />
          </p>
        </>
      ) : (
        <ul className={styles.enquiries}>
          {account.enquiries.map((e) => (
            <li key={e.reference} className={styles.enquiry}>
              <p className={styles.enquiryTitle}>{e.kind === 'enrolment' ? fill(ui.enrolment, { course: e.course ?? '' }) : ui.contact}</p>
              <p className={styles.small}>
                {fill(ui.received, { date: formatCheckedAt(e.receivedAt), reference: e.reference })}
                {e.acknowledged ? ` · ${ui.acknowledged}` : ''}
              </p>
              {e.kind === 'enrolment' ? <p className={styles.small}>{ui.enrolmentNext}</p> : null}
              {e.message ? <p className={styles.message}>{e.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function NewsletterCard({ account, onChanged }: { account: AccountResponse; onChanged: () => Promise<void> }) {
  const ui = useUi();
  const { submission, send } = useSubmission('accountNewsletter');
  const email = account.user.email;
  const status = account.newsletter;
  const change = async (subscribe: boolean) => {
    if (await send({ subscribe })) await onChanged();
  };
  const text =
    status === 'subscribed'
      ? ui.account.subscribed
      : status === 'pending'
        ? ui.account.pending
        : status === 'unconfirmed'
          ? ui.account.newsletterUnconfirmed
          : ui.account.notSubscribed;
  const sending = submission.state === 'sending';
  return (
    <Card title={ui.account.newsletterTitle}>
      <p data-fact="newsletter-status">{fill(text, { email })}</p>
      <SendFailure submission={submission} />
      {status === 'unconfirmed' ? null : (
        <p className={styles.buttons}>
          {status === 'none' ? (
            <button type="button" className="button button--small" disabled={sending} onClick={() => void change(true)}>
              {sending ? ui.forms.sending : ui.account.subscribe}
            </button>
          ) : (
            <button type="button" className="button button--secondary button--small" disabled={sending} onClick={() => void change(false)}>
              {sending ? ui.account.saving : ui.account.unsubscribe}
            </button>
          )}
        </p>
      )}
    </Card>
  );
}

export function PasswordCard() {
  const ui = useUi();
  const { busy, outcome, setOutcome, run } = useAction('passwordNotChanged');
  const formId = useId();
  const change = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const currentPassword = String(data.get('currentPassword') ?? '');
    const newPassword = String(data.get('newPassword') ?? '');
    const confirm = String(data.get('confirmPassword') ?? '');
    if (!currentPassword || !newPassword || !confirm) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (newPassword.length < MIN_PASSWORD_LENGTH) return setOutcome({ kind: 'error', message: ui.auth.shortPassword });
    if (newPassword !== confirm) return setOutcome({ kind: 'error', message: ui.auth.mismatch });
    if (await run('accountPassword', { currentPassword, newPassword }, ui.account.passwordChanged)) form.reset();
  };
  return (
    <Card title={ui.account.passwordTitle}>
      <form onSubmit={change} noValidate aria-busy={busy}>
        <Field id={`${formId}-currentPassword`} label={ui.account.currentPassword} name="currentPassword" type="password" autoComplete="current-password" />
        <Field id={`${formId}-newPassword`} label={ui.auth.newPassword} name="newPassword" type="password" autoComplete="new-password" />
        <Field id={`${formId}-confirmPassword`} label={ui.account.confirmNewPassword} name="confirmPassword" type="password" autoComplete="new-password" />
        <Said outcome={outcome} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? ui.account.changingPassword : ui.account.changePassword}
        </button>
      </form>
    </Card>
  );
}

export function DataCard({ onDeleted }: { onDeleted: () => void }) {
  const ui = useUi();
  const { setUser } = useAuth();
  const { busy, outcome, setOutcome, run } = useAction('notDeleted');
  const formId = useId();
  const Sub = useHeadingTagBelow(2);
  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (await run('accountDelete', { password }, ui.account.deleted)) {
      onDeleted();
      setUser(null);
    }
  };
  return (
    <Card title={ui.account.dataTitle} wide>
      <p>{ui.account.dataText}</p>
      <p>
        <a href={fileUrl('accountExport')} download className="button button--secondary">
          {ui.account.download}
        </a>
      </p>
      <div className={styles.danger}>
        <Sub className={styles.dangerTitle}>{ui.account.deleteTitle}</Sub>
        <p>{ui.account.deleteText}</p>
        <form onSubmit={remove} noValidate aria-busy={busy} className={styles.deleteForm}>
          <Field id={`${formId}-password`} label={ui.account.deletePassword} name="password" type="password" autoComplete="current-password" />
          <Said outcome={outcome} />
          <button type="submit" className={`button ${styles.deleteButton}`} disabled={busy}>
            {busy ? ui.account.deleting : ui.account.deleteButton}
          </button>
        </form>
      </div>
    </Card>
  );
}
