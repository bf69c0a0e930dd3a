import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { callApi, failureReason, VERIFY_BATCH, VERIFY_TIMEOUT_MS } from '../../api/client.ts';
import { useSite, useUi } from '../../runtime/contexts.tsx';
import { useNavigate } from '../../runtime/location.ts';
import type { CertificateDetailsState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { readVerifyAnswer, type ShownCertificate } from '../../shared/certificateAnswer.ts';
import { MAX_CERTIFICATE_ID_LENGTH, MAX_VERIFY_IDS, splitCertificateIds } from '../../shared/certificateId.ts';
import type { VerifyFormSection } from '../../types.ts';
import { NotFoundHelp } from '../../ui/NotFoundHelp.tsx';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import { encodePath } from '../../ui/SmartLink.tsx';
import styles from './VerifyForm.module.css';

type Problem = { lines: string[]; notFound: boolean };

/**
 * Asks for the IDs ten at a time (the API's limit), each request with the spec's timeout: the certificates found, or
 * the sentence to show (spec section 8: the server's message, else the network error's, else `failed`, which is also
 * the answer to a reply that is not a list of certificates).
 */
async function lookUp(ids: string[], failed: string): Promise<{ found: ShownCertificate[] } | { problem: string }> {
  const found: ShownCertificate[] = [];
  for (let start = 0; start < ids.length; start += VERIFY_BATCH) {
    const result = await callApi('verifyCertificates', { certificateIDs: ids.slice(start, start + VERIFY_BATCH) }, { timeoutMs: VERIFY_TIMEOUT_MS });
    if (!result.ok) return { problem: result.message ?? (failureReason(result) || failed) };
    const certificates = readVerifyAnswer(result.data);
    if (!certificates) return { problem: failed };
    found.push(...certificates);
  }
  return { found };
}

/**
 * Spec sections 4, 5 and 8: the ID is trimmed; Verify is disabled while the
 * field is empty or a check is running ('Verifying...'); Enter submits; found
 * certificates open the details page with the IDs and the results. The field
 * takes one ID or several, pasted with commas, spaces or line breaks (up to
 * MAX_VERIFY_IDS); the details page then answers each ID. When nothing is
 * found, each ID gets the spec's sentence, with what it means and whom to
 * write to, and the keyboard focus goes to that answer.
 */
export default function VerifyForm({ id, title, intro, placeholder, detailsPage }: VerifyFormSection) {
  const ui = useUi().verify;
  const { settings } = useSite();
  const Heading = useHeadingTag();
  const navigate = useNavigate();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState('');
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const show = (next: Problem) => {
    setProblem(next);
    // After the render that shows it: the field was disabled while the server answered, so the focus has nowhere else to be.
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const onSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (loading) return;
    const ids = splitCertificateIds(value);
    if (ids.length === 0) {
      show({ lines: [ui.empty], notFound: false });
      return;
    }
    if (ids.length > MAX_VERIFY_IDS) {
      show({ lines: [fill(ui.tooMany, { max: MAX_VERIFY_IDS, email: settings.contact.email })], notFound: false });
      return;
    }
    setProblem(null);
    // Longer than any ID: no certificate has it, and the server need not be asked.
    if (ids.length === 1 && ids[0]!.length > MAX_CERTIFICATE_ID_LENGTH) {
      show({ lines: [fill(ui.notFound, { id: ids[0]! })], notFound: true });
      return;
    }
    setLoading(true);
    const answer = await lookUp(ids, ui.failed);
    setLoading(false);
    if ('problem' in answer) show({ lines: [answer.problem], notFound: false });
    else if (answer.found.length > 0) {
      const state: CertificateDetailsState = { ids, results: answer.found };
      navigate(`${encodePath(detailsPage)}?ids=${encodeURIComponent(ids.join(','))}`, { state });
    } else show({ lines: ids.map((typed) => fill(ui.notFound, { id: typed })), notFound: true });
  };

  // Enter checks (spec section 5); Shift+Enter starts a new line for another ID.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <div className={styles.inner}>
          <Heading className={styles.title}>{title}</Heading>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
          <form className={`card ${styles.form}`} onSubmit={onSubmit} noValidate>
            <label htmlFor={inputId} className={styles.label}>
              {ui.label}
            </label>
            <div className={styles.row}>
              <textarea
                id={inputId}
                name="certificateId"
                className={`input ${styles.input}`}
                placeholder={placeholder}
                value={value}
                // One line, growing with the lines pasted (up to six).
                rows={Math.min(6, value.split('\n').length)}
                onChange={(e) => setValue(e.target.value)}
                onKeyDown={onKeyDown}
                disabled={loading}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
              />
              <button type="submit" className="button" disabled={loading || value === ''}>
                {loading ? ui.verifying : ui.button}
              </button>
            </div>
            <p id={hintId} className={styles.hint}>
              {fill(ui.hint, { max: MAX_VERIFY_IDS })}
            </p>
            <div ref={errorRef} tabIndex={-1}>
              <div id={errorId} role="alert" className={problem ? 'alert alert--error' : styles.empty}>
                {problem?.lines.map((line) => (
                  <p key={line} className={styles.line}>
                    {line}
                  </p>
                ))}
              </div>
              {problem?.notFound ? <NotFoundHelp /> : null}
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
