import { fill } from '../../engine/shared/fill.ts';
import { words } from '../words.ts';

const said = words.app.document;

/** Where a save stands, as a document's form and its translation both say it. */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'busy'; text: string }
  | { kind: 'saved'; text: string }
  | { kind: 'refused'; text: string }
  | { kind: 'conflict'; text: string; diskText: string | null }
  | { kind: 'error'; text: string };

/** A draft kept of the document, offered when it is opened again. */
export interface DraftOffer {
  savedAt: string;
  openedHash: string | null;
}

/**
 * Under a form (English or its translation): the save's status, what to do when the file changed on disk, and the
 * draft kept from last time, in the same words for both.
 */
export function SaveFeedback({
  status,
  draftOffer,
  openedHash,
  onKeepDraft,
  onReloadFromDisk,
  onContinueDraft,
  onDiscardDraft,
}: {
  status: SaveStatus;
  draftOffer: DraftOffer | undefined;
  openedHash: string | null;
  onKeepDraft: () => void;
  onReloadFromDisk: () => void;
  onContinueDraft: () => void;
  onDiscardDraft: () => void;
}) {
  return (
    <>
      {status.kind !== 'idle' ? (
        <p
          className={`status status-${status.kind}`}
          role={status.kind === 'refused' || status.kind === 'conflict' || status.kind === 'error' ? 'alert' : 'status'}
        >
          {status.text}
        </p>
      ) : null}
      {status.kind === 'conflict' ? (
        <div className="conflict">
          <p>{said.conflictHelp}</p>
          <button type="button" onClick={onKeepDraft}>
            {said.keepMine}
          </button>
          <button type="button" onClick={onReloadFromDisk}>
            {said.loadFromDisk}
          </button>
          {status.diskText !== null ? (
            <details>
              <summary>{said.onDisk}</summary>
              <pre>{status.diskText}</pre>
            </details>
          ) : null}
        </div>
      ) : null}
      {draftOffer ? (
        <div className="draft-offer" role="status">
          <p>
            {fill(said.draftOffer, { date: new Date(draftOffer.savedAt).toLocaleString() })}
            {draftOffer.openedHash !== openedHash ? said.draftOfferChanged : ''}
          </p>
          <button type="button" onClick={onContinueDraft}>
            {said.continueDraft}
          </button>
          <button type="button" onClick={onDiscardDraft}>
            {said.discardDraft}
          </button>
        </div>
      ) : null}
    </>
  );
}
