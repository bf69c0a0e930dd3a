import { useState } from 'react';
import { shownAsData } from '../../engine/shared/plainText.ts';
import { callStaff, staffFileUrl } from './api.ts';
import { Failure, Field, PagedTable, ScreenHeading, useLoad, when } from './parts.tsx';
import { words } from './words.ts';

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
          { label: words.audit.detail, cell: (e) => (e.detail === null ? '—' : shownAsData(e.detail)), className: () => 'detail' },
          { label: words.audit.from, cell: (e) => shownAsData(e.client) },
        ]}
      />
    </>
  );
}
