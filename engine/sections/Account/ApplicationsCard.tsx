import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { callApi, fileUrl } from '../../api/client.ts';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatCheckedAt, formatIndianDate } from '../../shared/dates.ts';
import type { Action, MyApplication } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFailureMessage } from '../../ui/useSubmission.ts';
import styles from './Account.module.css';

type Said = { kind: 'error' | 'success'; message: string } | null;

/**
 * Her applications, newest first: each with where it stands, what happens next in plain words, every dated step with
 * the team's messages, why it was not selected (when it was not), her answers and résumé, Withdraw (asked once more
 * first) and the certificate once it is issued. Until her address is confirmed the team does not see them: it says so.
 */
export function ApplicationsCard({ applyLink }: { applyLink: Action }) {
  const words = useUi().applications;
  const failureMessage = useFailureMessage();
  const Sub = useSubheadingTag();
  const headingId = useId();
  const [mine, setMine] = useState<MyApplication[]>();
  const [problem, setProblem] = useState<string>();
  const [said, setSaid] = useState<Said>(null);

  const load = useCallback(async () => {
    const result = await callApi('myApplications');
    if (result.ok) {
      setMine(result.data.applications);
      setProblem(undefined);
    } else setProblem(failureMessage(result));
  }, [failureMessage]);
  useEffect(() => {
    void load();
  }, [load]);

  const withdrawn = (message: string) => {
    setSaid({ kind: 'success', message });
    void load();
  };
  const notCounted = mine?.some((application) => !application.counts);
  return (
    <section className={`card ${styles.card}`} data-wide aria-labelledby={headingId} data-applications="">
      <Sub id={headingId} className={styles.cardTitle}>
        {words.account.title}
      </Sub>
      <p role="status" className={said ? `alert alert--${said.kind}` : 'sr-only'}>
        {said?.message}
      </p>
      {problem ? (
        <p role="alert" className="alert alert--error">
          {problem}
        </p>
      ) : !mine ? null : mine.length === 0 ? (
        <>
          <p>{words.account.none}</p>
          <p>
            <ActionLink action={applyLink} small />
          </p>
        </>
      ) : (
        <>
          {notCounted ? <p className={`alert ${styles.note}`}>{words.account.notCounted}</p> : null}
          <ul className={styles.applications}>
            {mine.map((application) => (
              <li key={application.reference}>
                <ApplicationItem application={application} onWithdrawn={withdrawn} onRefused={(message) => setSaid({ kind: 'error', message })} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function ApplicationItem({
  application,
  onWithdrawn,
  onRefused,
}: {
  application: MyApplication;
  onWithdrawn: (message: string) => void;
  onRefused: (message: string) => void;
}) {
  const site = useSite();
  const words = useUi().applications;
  const failureMessage = useFailureMessage();
  const Heading = useHeadingTagBelow(2);
  const Part = useHeadingTagBelow(3);
  const [withdrawing, setWithdrawing] = useState<'no' | 'asking' | 'busy'>('no');
  const keepRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  // Keep it takes the focus the Withdraw button had, read with the question, so nothing is withdrawn by a stray Enter.
  useEffect(() => {
    if (withdrawing === 'asking') keepRef.current?.focus();
  }, [withdrawing]);
  const a = application;
  const withdraw = async () => {
    setWithdrawing('busy');
    const result = await callApi('withdrawApplication', { reference: a.reference });
    setWithdrawing('no');
    if (result.ok) onWithdrawn(result.data.message);
    else onRefused(failureMessage(result));
  };
  return (
    <article className={styles.application} data-reference={a.reference}>
      <Heading className={styles.applicationTitle}>{a.page ? <SmartLink href={a.page}>{a.subject.title}</SmartLink> : a.subject.title}</Heading>
      <p className={styles.small}>
        {[a.programme ? fill(words.account.programme, { programme: a.programme.title }) : '', fill(words.account.reference, { reference: a.reference })]
          .filter(Boolean)
          .join(' · ')}
      </p>
      <p className={styles.standing}>
        <span className="sr-only">{words.account.status}: </span>
        <span className={styles.status} data-status={a.status}>
          {words.status[a.status]}
        </span>{' '}
        <span data-fact="appliedOn">{fill(words.account.appliedOn, { date: formatIndianDate(a.appliedAt) })}</span>
      </p>
      {/* Once her certificate is issued it is what happens next: the sentence that promises it would be out of date. */}
      {a.status === 'completed' && a.certificate ? null : <p>{fill(words.next[a.status], { days: site.settings.accounts.applicationDecisionDays })}</p>}
      {a.reason ? <p>{fill(words.account.reason, { reason: words.reasons[a.reason] })}</p> : null}
      {a.certificate ? (
        <p>
          <SmartLink href={a.certificate.page} className="button button--small">
            {fill(words.account.certificate, { id: a.certificate.id })}
          </SmartLink>
        </p>
      ) : null}
      <Part className={styles.partTitle}>{words.account.steps}</Part>
      <ol className={styles.steps}>
        {a.steps.map((step, n) => (
          // Steps never change order or go away: their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: a step has no id of its own
          <li key={n}>
            <time dateTime={step.at} className={styles.small}>
              {formatCheckedAt(step.at)}
            </time>
            {step.status ? <span className={styles.stepStatus}>{words.status[step.status]}</span> : null}
            {step.reason ? <span>{fill(words.account.reason, { reason: words.reasons[step.reason] })}</span> : null}
            {step.message ? (
              <span className={styles.message}>
                <strong>{words.account.message}: </strong>
                {step.message}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {a.answers.length ? (
        <details className={styles.answers}>
          <summary>{words.account.answers}</summary>
          <dl className={styles.facts}>
            {a.answers.map((answer) => (
              <div key={answer.id}>
                <dt>{answer.question}</dt>
                <dd className={styles.message}>{answer.answer}</dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      <p className={styles.buttons}>
        {a.resume ? (
          <a href={fileUrl('resumeFile', { id: String(a.resume.id) })} download className="button button--secondary button--small">
            {words.account.resume}
          </a>
        ) : null}
        {a.canWithdraw && withdrawing === 'no' ? (
          <button type="button" className="button button--secondary button--small" onClick={() => setWithdrawing('asking')}>
            {words.account.withdraw}
          </button>
        ) : null}
      </p>
      {a.canWithdraw && withdrawing !== 'no' ? (
        <div className={styles.confirm}>
          <p id={questionId}>{fill(words.account.withdrawConfirm, { title: a.subject.title })}</p>
          <p className={styles.buttons}>
            <button type="button" className={`button button--small ${styles.deleteButton}`} disabled={withdrawing === 'busy'} onClick={() => void withdraw()}>
              {withdrawing === 'busy' ? words.account.withdrawing : words.account.withdrawYes}
            </button>
            <button
              ref={keepRef}
              type="button"
              className="button button--secondary button--small"
              aria-describedby={questionId}
              disabled={withdrawing === 'busy'}
              onClick={() => setWithdrawing('no')}
            >
              {words.account.withdrawNo}
            </button>
          </p>
        </div>
      ) : null}
    </article>
  );
}
