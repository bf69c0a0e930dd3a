import { type ChangeEvent, type FormEvent, Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { callApi, sendFile } from '../../api/client.ts';
import { useAuth } from '../../runtime/auth.tsx';
import { usePageContext, useSite, useUi } from '../../runtime/contexts.tsx';
import { useSearchParams } from '../../runtime/location.ts';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import { type AppliedFor, appliedForIn, RESUME_MAX_BYTES } from '../../shared/applyables.ts';
import { formatIndianDate, indianIsoDate } from '../../shared/dates.ts';
import type { ApplicationFormSection, Applyable, MyApplication } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SendFailure } from '../../ui/FormParts.tsx';
import { finderQuery } from '../../ui/roleFilters.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useFocusOnAnswer } from '../../ui/useFocusOnAnswer.ts';
import { useFailureMessage, useSubmission } from '../../ui/useSubmission.ts';
import { AccountStep } from './AccountStep.tsx';
import styles from './ApplicationForm.module.css';
import {
  type Answers,
  answerProblems,
  answersToSend,
  type Draft,
  eligibilityAnswers,
  eligibilityVerdict,
  keepDraft,
  readDraft,
  withEarlierAnswers,
} from './answers.ts';
import { Question } from './Question.tsx';

type Loaded = { key: string; items: Applyable[] } | { key: string; failure: string };

/** What the address applies for, asked of the server (the release being served says what can be applied for and asks). */
function useApplyables(subject: AppliedFor | undefined) {
  const failureMessage = useFailureMessage();
  const kind = subject?.kind;
  const id = subject?.id;
  const key = kind && id ? `${kind}:${id}` : '';
  const [loaded, setLoaded] = useState<Loaded>();
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks again
  useEffect(() => {
    if (!kind || !id) return;
    const asked = new AbortController();
    void callApi('applyables', { kind, id }, { signal: asked.signal }).then((result) => {
      if (asked.signal.aborted) return;
      setLoaded(result.ok ? { key: `${kind}:${id}`, items: result.data.items } : { key: `${kind}:${id}`, failure: failureMessage(result) });
    });
    return () => asked.abort();
  }, [kind, id, attempt, failureMessage]);
  const current = loaded?.key === key ? loaded : undefined;
  return { loaded: current, retry: () => setAttempt((n) => n + 1) };
}

/**
 * The site's application form. The address names what is applied for (/apply?internship=law/corporateLaw, or
 * ?internship=law to choose among a programme's roles, ?course=, ?job=, ?opening=); the form shows it with its facts and
 * asks its form's questions, says before sending whether her answers fit who can apply, takes an optional PDF résumé,
 * and lets a visitor sign up or log in on the spot without losing what she typed (kept in this tab meanwhile). Sent
 * once (one idempotency key per submission); a second application for the same thing shows the first.
 */
export default function ApplicationForm({ id, title, intro, browseLinks }: ApplicationFormSection) {
  const words = useUi().applications.form;
  const ui = useSite().settings.ui;
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const subject = hydrated ? appliedForIn(params) : undefined;
  const { loaded, retry } = useApplyables(subject);

  let body: React.ReactNode;
  if (!hydrated || (subject && !loaded)) {
    body = (
      <p className={styles.muted} aria-busy="true">
        {words.loading}
      </p>
    );
  } else if (!subject || (loaded && 'items' in loaded && loaded.items.length === 0)) {
    body = (
      <div className={`card ${styles.card}`}>
        <p>{subject ? words.notFound : words.nothingNamed}</p>
        <p className={styles.buttons}>
          {browseLinks.map((link) => (
            <ActionLink key={link.href} action={link} />
          ))}
        </p>
      </div>
    );
  } else if (loaded && 'failure' in loaded) {
    body = (
      <div className={`card ${styles.card}`}>
        <p role="alert" className="alert alert--error">
          {loaded.failure}
        </p>
        <button type="button" className="button" onClick={retry}>
          {ui.forms.retry}
        </button>
      </div>
    );
  } else if (loaded && 'items' in loaded) {
    body = <Application key={loaded.key} subject={subject} items={loaded.items} />;
  }
  return (
    <SectionShell id={id} title={title} intro={intro} tone="tint">
      {body}
    </SectionShell>
  );
}

/** Her applications, once she is logged in: the one for this thing (shown instead of the form), and her earlier answers. */
function useMyApplications(): MyApplication[] | undefined {
  const { user } = useAuth();
  const [mine, setMine] = useState<MyApplication[]>();
  useEffect(() => {
    setMine(undefined);
    if (!user) return;
    let cancelled = false;
    void callApi('myApplications').then((result) => {
      if (!cancelled && result.ok) setMine(result.data.applications);
    });
    return () => {
      cancelled = true;
    };
  }, [user]);
  return mine;
}

/** Her newest answer to each question she has answered before (by the question's id), from her applications, newest first. */
function earlierAnswers(mine: readonly MyApplication[]): Answers {
  const out: Answers = {};
  for (const application of mine) for (const answer of application.answers) out[answer.id] ??= answer.value;
  return out;
}

function Application({ subject, items }: { subject: AppliedFor; items: Applyable[] }) {
  const ui = useSite().settings.ui;
  const words = useUi().applications.form;
  const { user } = useAuth();
  const mine = useMyApplications();
  const formId = useId();
  const failureMessage = useFailureMessage();
  const [draft, setDraft] = useState<Draft>(() => readDraft(subject) ?? { answers: {} });
  // Opened for one thing, it is that; opened for a programme, the role she chooses (or its only one).
  const exact = items.find((item) => item.id === subject.id);
  const applyable = exact ?? items.find((item) => item.id === draft.role) ?? (items.length === 1 ? items[0] : undefined);
  const update = useCallback(
    (change: (draft: Draft) => Draft) =>
      setDraft((current) => {
        const next = change(current);
        keepDraft(subject, next);
        return next;
      }),
    [subject],
  );
  const today = indianIsoDate(new Date().toISOString()) ?? '';
  const [checked, setChecked] = useState(false);
  const [accountSaid, setAccountSaid] = useState<string>();
  const [accountNeeded, setAccountNeeded] = useState(false);
  const [resume, setResume] = useState<{ file: File; problem?: string; id?: number }>();
  const [resumeSending, setResumeSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const accountRef = useRef<HTMLDivElement>(null);
  const verdictRef = useRef<HTMLDivElement>(null);
  const { submission, send } = useSubmission('apply');

  // Her earlier answers offered where she has not answered yet, once, when her applications arrive.
  const offered = useRef(false);
  useEffect(() => {
    if (!mine || !applyable || offered.current) return;
    offered.current = true;
    const earlier = earlierAnswers(mine);
    update((d) => ({ ...d, answers: withEarlierAnswers(d.answers, earlier, applyable.questions) }));
  }, [mine, applyable, update]);

  const existing = applyable && mine?.find((a) => a.subject.kind === applyable.kind && a.subject.id === applyable.id);
  if (submission.state === 'done') {
    return <Applied application={submission.data.application} message={submission.data.message} />;
  }
  if (existing) return <Applied application={existing} message={fill(words.already, { date: formatIndianDate(existing.appliedAt) })} />;

  const questions = applyable?.questions ?? [];
  const problems = checked ? answerProblems(questions, draft.answers, words, today) : {};
  const verdict = applyable ? eligibilityVerdict(applyable, draft.answers, ui, words) : undefined;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return setResume(undefined);
    const megabytes = RESUME_MAX_BYTES / 1024 / 1024;
    if (file.size > RESUME_MAX_BYTES)
      return setResume({ file, problem: fill(words.resumeTooLarge, { size: (file.size / 1024 / 1024).toFixed(1), megabytes }) });
    // A PDF by its first bytes, as the server checks it: a photo renamed .pdf is said at once, not after sending.
    const start = await file.slice(0, 5).text();
    setResume(start === '%PDF-' ? { file } : { file, problem: words.resumeNotPdf });
  };
  const removeResume = () => {
    setResume(undefined);
    if (fileRef.current) fileRef.current.value = '';
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!applyable) return;
    // A role not open to her is said first: the other answers cannot change it.
    if (verdict && !verdict.fits) return verdictRef.current?.focus();
    setChecked(true);
    const found = answerProblems(questions, draft.answers, words, today);
    const first = questions.find((q) => found[q.id]);
    if (first) return document.getElementById(`${formId}-${first.id}`)?.focus();
    if (resume?.problem) return fileRef.current?.focus();
    if (!user) {
      setAccountNeeded(true);
      return accountRef.current?.querySelector('input')?.focus();
    }
    let resumeId = resume?.id;
    if (resume && resumeId === undefined) {
      setResumeSending(true);
      const sent = await sendFile('uploadResume', resume.file, 'application/pdf');
      setResumeSending(false);
      if (!sent.ok) {
        setResume({ file: resume.file, problem: failureMessage(sent) });
        return fileRef.current?.focus();
      }
      resumeId = sent.data.resume.id;
      setResume({ file: resume.file, id: resumeId });
    }
    const answered = await send({
      subject: { kind: applyable.kind, id: applyable.id },
      answers: answersToSend(questions, draft.answers),
      ...(resumeId === undefined ? {} : { resumeId }),
    });
    if (answered) keepDraft(subject, undefined);
  };

  const sending = submission.state === 'sending' || resumeSending;
  // Whether she can apply is said right under the questions it depends on (her year and degree), not after the
  // questions she would answer for nothing.
  const verdictAfter = questions.reduce((last, q, n) => (q.kind === 'yearOfStudy' || q.kind === 'degree' ? n : last), -1);
  const verdictSlot = (
    <div ref={verdictRef} tabIndex={-1} aria-live="polite" className={styles.verdictSlot}>
      {verdict && applyable ? <Verdict fits={verdict.fits} sentence={verdict.sentence} answers={draft.answers} applyable={applyable} /> : null}
    </div>
  );
  const resumeId = `${formId}-resume`;
  const resumeDescribed = [resume?.problem ? `${resumeId}-error` : '', `${resumeId}-hint`].filter(Boolean).join(' ');
  return (
    <div className={styles.layout}>
      <About applyable={applyable} items={exact ? undefined : items} role={draft.role} onRole={(role) => update((d) => ({ ...d, role }))} />
      {applyable && !applyable.onSite ? (
        <div className={`card ${styles.card}`}>
          <p>{fill(words.notOnSite, { title: applyable.title })}</p>
          <p>
            <SmartLink href={applyable.page} className="button">
              {fill(words.notOnSiteLink, { title: applyable.title })}
            </SmartLink>
          </p>
        </div>
      ) : applyable ? (
        <div className={styles.form}>
          <form id={formId} onSubmit={onSubmit} noValidate aria-busy={sending} className={`card ${styles.card}`}>
            {user ? <p className={styles.member}>{fill(words.asMember, { name: user.fullName, email: user.email })}</p> : null}
            {Object.keys(problems).length > 0 ? (
              <p role="alert" className="alert alert--error">
                {words.problems}
              </p>
            ) : null}
            {questions.map((question, n) => (
              <Fragment key={question.id}>
                <Question
                  id={`${formId}-${question.id}`}
                  question={question}
                  value={draft.answers[question.id] ?? ''}
                  onChange={(value) => update((d) => ({ ...d, answers: { ...d.answers, [question.id]: value } }))}
                  error={problems[question.id]}
                  who={applyable.whoCanApply}
                  today={today}
                />
                {n === verdictAfter ? verdictSlot : null}
              </Fragment>
            ))}
            {verdictAfter === -1 ? verdictSlot : null}
            <div className="field">
              <label htmlFor={resumeId}>{`${words.resumeLabel} (${words.optional})`}</label>
              <input
                ref={fileRef}
                id={resumeId}
                name="resume"
                type="file"
                accept="application/pdf,.pdf"
                className={`input ${styles.file}`}
                onChange={(e) => void onFile(e)}
                aria-describedby={resumeDescribed}
                aria-invalid={resume?.problem ? true : undefined}
              />
              {resume?.problem ? (
                <span id={`${resumeId}-error`} className="field-error">
                  {resume.problem}
                </span>
              ) : null}
              <span id={`${resumeId}-hint`} className="field-hint">
                {fill(words.resumeHint, { megabytes: RESUME_MAX_BYTES / 1024 / 1024 })}
              </span>
              {resume ? (
                <button type="button" className={`button button--secondary button--small ${styles.remove}`} onClick={removeResume}>
                  {words.resumeRemove}
                </button>
              ) : null}
            </div>
          </form>
          {user === null ? (
            <div ref={accountRef}>
              <AccountStep onReady={(said) => setAccountSaid(said)} />
            </div>
          ) : null}
          {accountSaid && user ? (
            <p role="status" className="alert alert--success">
              {accountSaid}
            </p>
          ) : null}
          {accountNeeded && !user ? (
            <p role="alert" className="alert alert--error">
              {words.accountNeeded}
            </p>
          ) : null}
          <SendFailure submission={submission} />
          <p className={styles.send}>
            <button type="submit" form={formId} className="button button--block" disabled={sending}>
              {resumeSending
                ? words.resumeSending
                : submission.state === 'sending'
                  ? words.sending
                  : submission.state === 'failed'
                    ? ui.forms.retry
                    : words.send}
            </button>
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** What she applies for: its title, programme and facts; for a programme, the choice of its role first. */
function About({
  applyable,
  items,
  role,
  onRole,
}: {
  applyable: Applyable | undefined;
  items: Applyable[] | undefined;
  role: string | undefined;
  onRole: (role: string) => void;
}) {
  const words = useUi().applications.form;
  const Sub = useSubheadingTag();
  const chooserId = useId();
  const programme = (applyable ?? items?.[0])?.programme;
  return (
    <div className={`card ${styles.about}`} data-applying-for="">
      <p className="eyebrow">{words.applyingFor}</p>
      <Sub className={styles.title}>{applyable?.title ?? programme?.title}</Sub>
      {items && items.length > 1 ? (
        <div className="field">
          <label htmlFor={chooserId}>{words.chooseRole}</label>
          <select
            id={chooserId}
            className="input"
            value={applyable?.id ?? role ?? ''}
            onChange={(e) => onRole(e.currentTarget.value)}
            aria-describedby={`${chooserId}-hint`}
          >
            <option value="">{words.choose}</option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {[item.title, ...(item.facts ?? []).slice(0, 2).map((f) => f.value)].join(' · ')}
              </option>
            ))}
          </select>
          <span id={`${chooserId}-hint`} className="field-hint">
            {words.chooseRoleHelp}
          </span>
        </div>
      ) : null}
      {applyable ? (
        <dl className={styles.facts}>
          {programme ? (
            <div>
              <dt>{words.programme}</dt>
              <dd data-fact="programme">{programme.title}</dd>
            </div>
          ) : null}
          {(applyable.facts ?? []).map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** Whether her answers fit who can apply, in words; when they do not, the way to the roles that take her. */
function Verdict({ fits, sentence, answers, applyable }: { fits: boolean; sentence: string; answers: Answers; applyable: Applyable }) {
  const words = useUi().applications.form;
  const finder = usePageContext().derived.finder;
  const { year, degree } = eligibilityAnswers(applyable.questions, answers);
  const query = finderQuery({ year: year === 'graduate' ? '' : year, degree });
  return (
    <div className={`alert ${fits ? 'alert--success' : 'alert--error'} ${styles.verdict}`} data-eligibility={fits ? 'fits' : 'not'}>
      <p>{sentence}</p>
      {!fits && finder ? (
        <p>
          <SmartLink href={`${finder.path}${query ? `?${query}` : ''}${finder.anchor ? `#${finder.anchor}` : ''}`}>{words.rolesForYou}</SmartLink>
        </p>
      ) : null}
    </div>
  );
}

/** Sent (or sent before): where it stands, since when, what happens next, and the way to follow it. */
function Applied({ application, message }: { application: MyApplication; message: string }) {
  const site = useSite();
  const words = useUi().applications;
  const Sub = useSubheadingTag();
  const ref = useRef<HTMLDivElement>(null);
  useFocusOnAnswer(ref, application);
  return (
    <div ref={ref} tabIndex={-1} className={`card ${styles.card} ${styles.applied}`} data-applied="">
      <p className="eyebrow">{application.subject.title}</p>
      <Sub className={styles.title} data-fact="status">
        {words.status[application.status]}
      </Sub>
      <p className={styles.appliedOn} data-fact="appliedOn">
        {fill(words.form.appliedOn, { date: formatIndianDate(application.appliedAt) })}
      </p>
      <p role="status">{message}</p>
      <p>{fill(words.next[application.status], { days: site.settings.accounts.applicationDecisionDays })}</p>
      <p>
        <SmartLink href={site.settings.accounts.accountPage} className="button">
          {words.form.toAccount}
        </SmartLink>
      </p>
    </div>
  );
}
