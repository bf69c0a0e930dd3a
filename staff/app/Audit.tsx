import { useState } from 'react';
import { shownAsData } from '../../engine/shared/plainText.ts';
import { callStaff, staffFileUrl } from './api.ts';
import { Failure, Field, PagedTable, ScreenHeading, useLoad, when } from './parts.tsx';
import { words } from './words.ts';

const STATUS_WORDS: Record<string, string> = words.enquiries.statuses;
const REASON_WORDS: Record<string, string> = words.applications.reasons;
const KEY_WORDS: Record<string, string> = words.audit.keys;

/** A value as the team reads it: a status or a reason in the console's words, anything else as data. */
function valueWords(key: string, value: unknown): string {
  if (typeof value === 'string' && (key === 'to' || key === 'from') && STATUS_WORDS[value]) return STATUS_WORDS[value];
  if (typeof value === 'string' && key === 'reason' && REASON_WORDS[value]) return REASON_WORDS[value];
  if (typeof value === 'string' && key === 'role' && value in words.roles) return words.roles[value as keyof typeof words.roles];
  return shownAsData(typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * What changed, one line a field ("To: Shortlisted", "Message to the student: …") where the entry holds an object, as
 * the server writes them; anything else as the text it is. Every text is shown as data either way.
 */
function Detail({ detail }: { detail: string }) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return <>{shownAsData(detail)}</>;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return <>{shownAsData(detail)}</>;
  return (
    <ul className="pairs">
      {Object.entries(parsed).map(([key, value]) => (
        <li key={key}>
          <span className="key">{KEY_WORDS[key] ?? shownAsData(key)}:</span> {valueWords(key, value)}
        </li>
      ))}
    </ul>
  );
}

export function Audit() {
  const [asked, setAsked] = useState({ page: 1, action: '', actor: '' });
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const list = useLoad(
    () =>
      callStaff('staffAudit', { page: String(asked.page), ...(asked.action ? { action: asked.action } : {}), ...(asked.actor ? { actor: asked.actor } : {}) }),
    JSON.stringify(asked),
  );
  return (
    <>
      <ScreenHeading>{words.audit.heading}</ScreenHeading>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked({ page: 1, action: action.trim(), actor: actor.trim() });
        }}
      >
        <Field label={words.audit.action}>{(props) => <input {...props} name="action" value={action} onChange={(e) => setAction(e.target.value)} />}</Field>
        <Field label={words.audit.actor}>
          {(props) => <input {...props} name="actor" type="email" value={actor} onChange={(e) => setActor(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit">{words.audit.filter}</button>
          <a className="button quiet" href={staffFileUrl('staffAuditExport')} download>
            {words.audit.export}
          </a>
        </div>
      </form>
      <Failure message={list.failure} />
      <PagedTable
        list={list}
        items={(page) => page.entries}
        onPage={(page) => setAsked({ ...asked, page })}
        caption={words.audit.heading}
        none={words.audit.none}
        rowKey={(e) => e.id}
        columns={[
          { label: words.audit.when, cell: (e) => when(e.at) },
          // Each text as data (line breaks, controls and direction marks written as escapes): an entry cannot pose as another.
          { label: words.audit.who, cell: (e) => shownAsData(e.actor) },
          { label: words.audit.what, cell: (e) => shownAsData(e.action) },
          { label: words.audit.target, cell: (e) => (e.target === null ? '—' : shownAsData(e.target)) },
          { label: words.audit.detail, cell: (e) => (e.detail === null ? '—' : <Detail detail={e.detail} />), className: () => 'detail' },
          { label: words.audit.from, cell: (e) => shownAsData(e.client) },
        ]}
      />
    </>
  );
}
