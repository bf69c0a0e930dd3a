import type { InputHTMLAttributes, ReactNode } from 'react';
import type { Submission } from './useSubmission.ts';

/**
 * The pieces the site's forms repeat: a labelled field, and why a send failed.
 * (The send button is in SendButton.tsx: the footer's newsletter form, on every
 * page, uses it, and these load only with the forms that need them.)
 */

type ControlProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'required' | 'maxLength' | 'autoComplete' | 'defaultValue' | 'disabled' | 'placeholder'
>;

interface FieldProps extends ControlProps {
  /** The control's id, which the label points at (from the form's useId, so it is unique on the page). */
  id: string;
  label: string;
  /** A hint shown under the field and read with it. */
  hint?: string | undefined;
  /** What is wrong with the field's value: marked invalid, said under it and read with it. */
  error?: string | undefined;
  /** A text area of this many rows instead of a one-line input. */
  rows?: number | undefined;
}

/** One labelled field of a form: the label, the input (or text area), and its error and hint, wired to it for screen readers. */
export function Field({ id, label, hint, error, rows, ...control }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea id={id} {...control} className="input" rows={rows} aria-describedby={described} aria-invalid={invalid} />
      ) : (
        <input id={id} {...control} className="input" aria-describedby={described} aria-invalid={invalid} />
      )}
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Why a form's send failed, announced as it appears (nothing while it has not
 * failed); `children` offer a way round it, such as the contact form's e-mail app.
 */
export function SendFailure({ submission, className, children }: { submission: Submission<unknown>; className?: string; children?: ReactNode }) {
  if (submission.state !== 'failed') return null;
  if (!children) {
    return (
      <p role="alert" className="alert alert--error">
        {submission.message}
      </p>
    );
  }
  return (
    <div role="alert" className={`alert alert--error ${className ?? ''}`}>
      <p>{submission.message}</p>
      {children}
    </div>
  );
}
