import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { accountExportUrl, referralLink } from '../../api/account.ts';
import { callApi } from '../../api/calls.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatCheckedAt, formatIndianDate } from '../../shared/dates.ts';
import { MIN_PASSWORD_LENGTH } from '../../shared/formRules.ts';
import { formatRupees } from '../../shared/money.ts';
import type { AccountResponse, Action, ApiMessage } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFailureMessage, useSubmission } from '../../ui/useSubmission.ts';
import styles from './Account.module.css';

type Outcome = { kind: 'error' | 'success'; message: string } | null;

/** A request made from the account page: busy while it runs, then what came of it in words. */
function useAction() {
  const failureMessage = useFailureMessage();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (path: string, body: unknown, success: string): Promise<boolean> => {
    setBusy(true);
    setOutcome(null);
    const result = await callApi<ApiMessage>('POST', path, body);
    setBusy(false);
    setOutcome(result.ok ? { kind: 'success', message: success } : { kind: 'error', message: failureMessage(result) });
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

function Card({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
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

function Field({
  label,
  name,
  type = 'text',
  autoComplete,
  defaultValue,
  required,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  defaultValue?: string;
  required?: boolean;
}) {
  const inputId = useId();
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} name={name} type={type} autoComplete={autoComplete} defaultValue={defaultValue} required={required} className="input" />
    </div>
  );
}

export function DetailsCard({ account, onSaved }: { account: AccountResponse; onSaved: () => Promise<void> }) {
  const { settings } = useSite();
  const ui = settings.ui;
  const { setUser } = useAuth();
  const [editing, setEditing] = useState(false);
  const { busy, outcome, setOutcome, run } = useAction();
  const { user } = account;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const fullName = String(data.get('fullName') ?? '').trim();
    const registrationNo = String(data.get('registrationNo') ?? '').trim();
    if (!fullName) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (await run('/api/account/details', { fullName, registrationNo }, ui.account.saved)) {
      setEditing(false);
      setUser({ ...user, fullName, registrationNo });
      await onSaved();
    }
  };

  return (
    <Card title={ui.account.detailsTitle}>
      {editing ? (
        <form onSubmit={save} noValidate aria-busy={busy}>
          <Field label={ui.account.fullName} name="fullName" autoComplete="name" defaultValue={user.fullName} required />
          <Field label={ui.account.registrationNo} name="registrationNo" autoComplete="off" defaultValue={user.registrationNo} />
          <Said outcome={outcome} />
          <p className={styles.buttons}>
            <button type="submit" className="button" disabled={busy}>
              {busy ? ui.forms.sending : ui.account.save}
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

export function ReferralCard({ account, referralPage }: { account: AccountResponse; referralPage: string }) {
  const site = useSite();
  const ui = site.settings.ui;
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<number | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const { code, signups, earnings } = account.referral;
  const link = referralLink(site.landmarks.signup ?? '/signup', code);
  const copy = async () => {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
    } catch {
      inputRef.current?.select();
      setCopied('failed');
    }
    // 'Copied!' for 2 seconds, as on the referral page (spec section 4).
    timer.current = window.setTimeout(() => setCopied('idle'), 2000);
  };
  return (
    <Card title={ui.account.referralTitle}>
      <label htmlFor={inputId} className="sr-only">
        {ui.referral.linkLabel}
      </label>
      <div className={styles.copyRow}>
        <input ref={inputRef} id={inputId} className={`input ${styles.link}`} value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={copy}>
          {ui.referral.copy}
        </button>
      </div>
      <p role="status" className={styles.copied}>
        {copied === 'copied' ? ui.referral.copied : copied === 'failed' ? ui.referral.copyFailed : ''}
      </p>
      <p className={styles.earned} data-fact="account-earnings">
        {fill(ui.account.earned, { amount: formatRupees(earnings) })}
      </p>
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
  const { submission, send } = useSubmission<ApiMessage>();
  const email = account.user.email;
  const status = account.newsletter;
  const change = async (subscribe: boolean) => {
    if (await send('/api/account/newsletter', { subscribe })) await onChanged();
  };
  const text = status === 'subscribed' ? ui.account.subscribed : status === 'pending' ? ui.account.pending : ui.account.notSubscribed;
  const sending = submission.state === 'sending';
  return (
    <Card title={ui.account.newsletterTitle}>
      <p data-fact="newsletter-status">{fill(text, { email })}</p>
      {submission.state === 'failed' ? (
        <p role="alert" className="alert alert--error">
          {submission.message}
        </p>
      ) : null}
      <p className={styles.buttons}>
        {status === 'none' ? (
          <button type="button" className="button button--small" disabled={sending} onClick={() => void change(true)}>
            {sending ? ui.forms.sending : ui.account.subscribe}
          </button>
        ) : (
          <button type="button" className="button button--secondary button--small" disabled={sending} onClick={() => void change(false)}>
            {sending ? ui.forms.sending : ui.account.unsubscribe}
          </button>
        )}
      </p>
    </Card>
  );
}

export function PasswordCard() {
  const ui = useUi();
  const { busy, outcome, setOutcome, run } = useAction();
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
    if (await run('/api/account/password', { currentPassword, newPassword }, ui.account.passwordChanged)) form.reset();
  };
  return (
    <Card title={ui.account.passwordTitle}>
      <form onSubmit={change} noValidate aria-busy={busy}>
        <Field label={ui.account.currentPassword} name="currentPassword" type="password" autoComplete="current-password" />
        <Field label={ui.auth.newPassword} name="newPassword" type="password" autoComplete="new-password" />
        <Field label={ui.account.confirmNewPassword} name="confirmPassword" type="password" autoComplete="new-password" />
        <Said outcome={outcome} />
        <button type="submit" className="button" disabled={busy}>
          {busy ? ui.forms.sending : ui.account.changePassword}
        </button>
      </form>
    </Card>
  );
}

export function DataCard({ onDeleted }: { onDeleted: () => void }) {
  const ui = useUi();
  const { setUser } = useAuth();
  const { busy, outcome, setOutcome, run } = useAction();
  const Sub = useHeadingTagBelow(2);
  const remove = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (!password) return setOutcome({ kind: 'error', message: ui.auth.allFields });
    if (await run('/api/account/delete', { password }, ui.account.deleted)) {
      onDeleted();
      setUser(null);
    }
  };
  return (
    <Card title={ui.account.dataTitle} wide>
      <p>{ui.account.dataText}</p>
      <p>
        <a href={accountExportUrl} download className="button button--secondary">
          {ui.account.download}
        </a>
      </p>
      <div className={styles.danger}>
        <Sub className={styles.dangerTitle}>{ui.account.deleteTitle}</Sub>
        <p>{ui.account.deleteText}</p>
        <form onSubmit={remove} noValidate aria-busy={busy} className={styles.deleteForm}>
          <Field label={ui.account.deletePassword} name="password" type="password" autoComplete="current-password" />
          <Said outcome={outcome} />
          <button type="submit" className={`button ${styles.deleteButton}`} disabled={busy}>
            {busy ? ui.forms.sending : ui.account.deleteButton}
          </button>
        </form>
      </div>
    </Card>
  );
}
