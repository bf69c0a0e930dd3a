import type { Problem } from '../api.ts';

/** The validator's own words beside a field: the message and its fix, exactly as `npm run validate` prints them. */
export function ProblemNotes({ id, problems, warnings }: { id: string; problems: readonly Problem[]; warnings: readonly Problem[] }) {
  if (!problems.length && !warnings.length) return null;
  return (
    <div id={id} className="notes">
      {problems.map((p) => (
        <p key={`${p.code}:${p.message}`} className="note note-error" data-code={p.code}>
          <span className="note-text">{p.message}</span>
          {p.hint ? <span className="note-fix"> Fix: {p.hint}</span> : null}
        </p>
      ))}
      {warnings.map((p) => (
        <p key={`${p.code}:${p.message}`} className="note note-warning" data-code={p.code}>
          <span className="note-text">{p.message}</span>
          {p.hint ? <span className="note-fix"> Fix: {p.hint}</span> : null}
        </p>
      ))}
    </div>
  );
}
