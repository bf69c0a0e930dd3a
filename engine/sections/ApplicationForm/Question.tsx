import { useState } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { ANSWER_MAX_LENGTH } from '../../shared/applyables.ts';
import { GRADUATE } from '../../shared/eligibility.ts';
import type { ApplicationQuestion, WhoCanApply } from '../../types.ts';
import styles from './ApplicationForm.module.css';

interface QuestionProps {
  /** The control's id (unique on the page); its hint and error hang off it. */
  id: string;
  question: ApplicationQuestion;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Who can apply: the degree question offers its degrees. */
  who?: WhoCanApply | undefined;
  today: string;
}

/** One question of an application form, drawn for its kind of answer, with its help and what is wrong with the answer. */
export function Question({ id, question, value, onChange, error, who, today }: QuestionProps) {
  const ui = useUi();
  const words = useUi().applications.form;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [error ? errorId : '', question.help ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const label = question.required ? question.label : `${question.label} (${words.optional})`;
  const common = {
    id,
    name: question.id,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
    required: question.required,
  } as const;
  const after = (
    <>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
      {question.help ? (
        <span id={hintId} className="field-hint">
          {question.help}
        </span>
      ) : null}
    </>
  );

  if (question.kind === 'choice') {
    return (
      <fieldset className={`field ${styles.choices}`} aria-describedby={described} aria-invalid={error ? true : undefined}>
        <legend>{label}</legend>
        {(question.options ?? []).map((option, n) => (
          <label key={option} className={styles.choice}>
            <input
              type="radio"
              name={question.id}
              id={n === 0 ? id : undefined}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              required={question.required}
            />
            {option}
          </label>
        ))}
        {after}
      </fieldset>
    );
  }
  if (question.kind === 'degree' && who && !who.anyDegree && who.degrees.length > 0) {
    return <DegreeQuestion {...{ id, label, value, onChange, degrees: who.degrees, common, after }} />;
  }

  let control: React.ReactNode;
  switch (question.kind) {
    case 'yearOfStudy':
      control = (
        <select {...common} className="input" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{words.choose}</option>
          {ui.finder.years.map((year, n) => (
            <option key={year} value={String(n + 1)}>
              {year}
            </option>
          ))}
          <option value={GRADUATE}>{ui.finder.graduated}</option>
        </select>
      );
      break;
    case 'longText':
      control = (
        <textarea {...common} className="input" rows={5} maxLength={ANSWER_MAX_LENGTH.text} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
      break;
    case 'date':
      control = <input {...common} className="input" type="date" min={today} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
      break;
    case 'number':
      control = (
        <input
          {...common}
          className={`input ${styles.number}`}
          type="number"
          inputMode="numeric"
          step={1}
          min={question.min}
          max={question.max}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
      break;
    default:
      control = (
        <input {...common} className="input" type="text" maxLength={ANSWER_MAX_LENGTH.line} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {after}
    </div>
  );
}

/** The degree: one of those the role takes, or another, typed (which the eligibility line then answers). */
function DegreeQuestion({
  id,
  label,
  value,
  onChange,
  degrees,
  common,
  after,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  degrees: readonly string[];
  common: Record<string, unknown>;
  after: React.ReactNode;
}) {
  const words = useUi().applications.form;
  const [other, setOther] = useState(() => value !== '' && !degrees.includes(value));
  const otherId = `${id}-other`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        {...common}
        className="input"
        value={other ? OTHER : value}
        onChange={(e) => {
          const chosen = e.currentTarget.value;
          setOther(chosen === OTHER);
          onChange(chosen === OTHER ? '' : chosen);
        }}
      >
        <option value="">{words.choose}</option>
        {degrees.map((degree) => (
          <option key={degree} value={degree}>
            {degree}
          </option>
        ))}
        <option value={OTHER}>{words.otherDegree}</option>
      </select>
      {other ? (
        <>
          <label htmlFor={otherId} className={styles.subLabel}>
            {words.yourDegree}
          </label>
          <input
            id={otherId}
            className="input"
            type="text"
            maxLength={ANSWER_MAX_LENGTH.line}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        </>
      ) : null}
      {after}
    </div>
  );
}

/** The degree list's last choice: a value no degree is. */
const OTHER = '__another__';
