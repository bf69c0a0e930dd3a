import { useId, useState } from 'react';
import { addressPart } from '../../engine/shared/addressPart.ts';
import { fill } from '../../engine/shared/fill.ts';
import { words as editorWords } from '../words.ts';
import { callEditor, type OpenedDocument, RequestError } from './api.ts';

const said = editorWords.app.newPage;

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
  const words = said[what];
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
          setError(taken ? fill(said.taken, { label: taken.label }) : (e as Error).message);
          setExisting(taken);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h1>{words.title}</h1>
      <p>{fill(said.intro, { address: fill(words.address, { address: addressPart(name) || said.noNameYet }) })}</p>
      <label htmlFor={inputId}>{words.name}</label>
      <input
        id={inputId}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={fill(said.namePlaceholder, { example: words.example })}
        required
        aria-describedby={`${inputId}:error`}
      />
      <p id={`${inputId}:error`} className="bad" role="alert">
        {error ?? ''}
      </p>
      {existing ? (
        <button type="button" className="link-button" onClick={() => onOpenExisting(existing.rel)}>
          {fill(said.openTaken, { label: existing.label })}
        </button>
      ) : null}
      <button type="submit" className="primary" disabled={busy || !name.trim()}>
        {busy ? said.starting : said.start}
      </button>
    </form>
  );
}
