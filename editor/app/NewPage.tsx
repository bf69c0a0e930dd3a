import { useId, useState } from 'react';
import { callEditor, type OpenedDocument, RequestError } from './api.ts';

const WORDS = {
  internship: { title: 'New internship stream', name: 'Name of the stream', example: 'Data Analytics', becomes: 'the page /internship/' },
  jobs: { title: 'New job category', name: 'Name of the category', example: 'Finance Jobs', becomes: 'the page /jobs/' },
} as const;

/** The guided start of a stream or a job category: the same starting page as `npm run new`, opened in the form. */
export function NewPage({
  what,
  onCreated,
  onOpenExisting,
}: {
  what: 'internship' | 'jobs';
  onCreated(opened: OpenedDocument, name: string): void;
  /** Opens the page that already has the name asked for. */
  onOpenExisting(rel: string): void;
}) {
  const words = WORDS[what];
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [existing, setExisting] = useState<{ rel: string; label: string }>();
  const inputId = useId();
  return (
    <form
      className="new-page"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setError(undefined);
        setExisting(undefined);
        try {
          onCreated(await callEditor('newPage', { kind: what, name }), name.trim());
        } catch (e) {
          const taken = e instanceof RequestError ? e.refusal?.existing : undefined;
          setError(taken ? `There is already a page called ${taken.label}.` : (e as Error).message);
          setExisting(taken);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h1>{words.title}</h1>
      <p>
        You get a complete starting page with example roles. Texts marked ✎ are suggestions to write over; the page can be saved once none is left. It will be{' '}
        {words.becomes}
        {name.trim() || '…'}, listed in the menu, the search and the sitemap.
      </p>
      <label htmlFor={inputId}>{words.name}</label>
      <input
        id={inputId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={`such as ${words.example}`}
        required
        aria-describedby={`${inputId}:error`}
      />
      <p id={`${inputId}:error`} className="bad" role="alert">
        {error ?? ''}
      </p>
      {existing ? (
        <button type="button" className="link-button" onClick={() => onOpenExisting(existing.rel)}>
          Open {existing.label}
        </button>
      ) : null}
      <button type="submit" className="primary" disabled={busy || !name.trim()}>
        {busy ? 'Starting…' : 'Start the page'}
      </button>
    </form>
  );
}
