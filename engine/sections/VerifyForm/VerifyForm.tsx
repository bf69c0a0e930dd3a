import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, isCertificateList, VERIFY_TIMEOUT_MS, verifyCertificates } from '../../api/client.ts';
import { useUi } from '../../runtime/contexts.tsx';
import type { CertificateDetailsState } from '../../runtime/navigationState.ts';
import { fill } from '../../runtime/text.ts';
import { MAX_CERTIFICATE_ID_LENGTH } from '../../shared/certificateId.ts';
import type { VerifyFormSection } from '../../types.ts';
import { useHeadingTag } from '../../ui/SectionShell.tsx';
import { encodePath } from '../../ui/SmartLink.tsx';
import styles from './VerifyForm.module.css';

/**
 * Spec sections 4, 5 and 8: the ID is trimmed; Verify is disabled while the
 * field is empty or a check is running ('Verifying...'); Enter submits; a
 * found certificate opens the details page with the ID and the results.
 */
export default function VerifyForm({ id, title, intro, placeholder, detailsPage }: VerifyFormSection) {
  const ui = useUi().verify;
  const Heading = useHeadingTag();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const [value, setValue] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    const certificateId = value.trim();
    if (!certificateId) {
      setError(ui.empty);
      return;
    }
    setError(null);
    // Longer than any ID: no certificate has it, and the server need not be asked.
    if (certificateId.length > MAX_CERTIFICATE_ID_LENGTH) {
      setError(fill(ui.notFound, { id: certificateId }));
      return;
    }
    setLoading(true);
    try {
      const result = await verifyCertificates([certificateId], { timeoutMs: VERIFY_TIMEOUT_MS });
      if (isCertificateList(result) && result.length > 0) {
        const state: CertificateDetailsState = { ids: [certificateId], results: result };
        navigate(`${encodePath(detailsPage)}?ids=${encodeURIComponent(certificateId)}`, { state });
        return;
      }
      setError(fill(ui.notFound, { id: certificateId }));
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : undefined;
      setError(apiError?.serverMessage ?? ((failure as Error).message || ui.failed));
    } finally {
      setLoading(false);
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
              <input
                id={inputId}
                name="certificateId"
                className={`input ${styles.input}`}
                placeholder={placeholder}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                disabled={loading}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
              <button type="submit" className="button" disabled={loading || value === ''}>
                {loading ? ui.verifying : ui.button}
              </button>
            </div>
            <p id={errorId} role="alert" className={error ? 'alert alert--error' : styles.empty}>
              {error}
            </p>
          </form>
        </div>
      </div>
    </section>
  );
}
