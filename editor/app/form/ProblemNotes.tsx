import type { Problem } from '../api.ts';

/**
 * A problem beside its field, in the form's words (the catalogue's `form` wording: no property names, files or
 * lines, since the field itself says where) with how to fix it.
 */
export function ProblemNotes({ id, problems, warnings }: { id: string; problems: readonly Problem[]; warnings: readonly Problem[] }) {
  if (!problems.length && !warnings.length) return null;
  return (
    <div id={id} className="notes">
      {problems.map((p) => (
        <p key={`${p.code}:${p.message}`} className="note note-error" data-code={p.code}>
          <span className="note-text">{p.form.message}</span>
          {p.form.hint ? <span className="note-fix"> {p.form.hint}</span> : null}
        </p>
      ))}
      {warnings.map((p) => (
        <p key={`${p.code}:${p.message}`} className="note note-warning" data-code={p.code}>
          <span className="note-text">{p.form.message}</span>
          {p.form.hint ? <span className="note-fix"> {p.form.hint}</span> : null}
        </p>
      ))}
    </div>
  );
}
