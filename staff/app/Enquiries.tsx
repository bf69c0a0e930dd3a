import { useState } from 'react';
import { ENQUIRY_STATUSES, type EnquiryKind, type EnquiryStatus } from '../../engine/generated/enquiryStatuses.ts';
import type { StaffEnquiriesQuery, StaffEnquiryDetail, StaffMember } from '../../engine/types.ts';
import { callStaff, staffFileUrl } from './api.ts';
import { Busy, Done, Failure, Field, navigate, PagedTable, ScreenHeading, useAction, useLoad, when } from './parts.tsx';
import { fill, words } from './words.ts';

/** The inbox's kinds: applications have their board. */
const KINDS = ['enrolment', 'contact'] as const satisfies readonly EnquiryKind[];
/** The statuses a kind offers, or every status of the inbox's kinds (once each) when no kind is chosen. */
const statusesOf = (kind: EnquiryKind | undefined): readonly EnquiryStatus[] =>
  kind ? ENQUIRY_STATUSES[kind] : [...new Set(KINDS.flatMap((k) => ENQUIRY_STATUSES[k]))];
const FILTERS = ['kind', 'status', 'subject', 'from', 'to', 'search'] as const;

/** The inbox's filters, from the address (/staff/enquiries?status=new&search=priya), so a filtered list can be linked to. */
function filtersOf(query: string): StaffEnquiriesQuery {
  const params = new URLSearchParams(query);
  const out: Record<string, string> = {};
  for (const name of [...FILTERS, 'page'] as const) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  return out as StaffEnquiriesQuery;
}

function addressOf(filters: StaffEnquiriesQuery): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '') as [string, string][]);
  const text = params.toString();
  return `/staff/enquiries${text ? `?${text}` : ''}`;
}

export function Enquiries({ role, query }: { role: StaffMember['role']; query: string }) {
  const filters = filtersOf(query);
  const [openId, setOpenId] = useState<number>();
  const list = useLoad(() => callStaff('staffEnquiries', filters), query);

  if (openId !== undefined)
    return <EnquiryDetail id={openId} canChange={role !== 'viewer'} onClose={() => setOpenId(undefined)} onChanged={() => void list.reload()} />;

  return (
    <>
      <ScreenHeading>{words.enquiries.heading}</ScreenHeading>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const next: Record<string, string> = {};
          for (const name of FILTERS) {
            const value = String(data.get(name) ?? '').trim();
            if (value) next[name] = value;
          }
          navigate(addressOf(next as StaffEnquiriesQuery));
        }}
        // Drawn again once the course names arrive, so the course chosen in the address shows as chosen.
        key={`${query}|${list.data?.subjects.length ?? 0}`}
      >
        <Field label={words.enquiries.search}>{(props) => <input {...props} name="search" type="search" defaultValue={filters.search ?? ''} />}</Field>
        <Field label={words.enquiries.kind}>
          {(props) => (
            <select {...props} name="kind" defaultValue={filters.kind ?? ''}>
              <option value="">{words.enquiries.anyKind}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {words.enquiries.kinds[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={words.enquiries.status}>
          {(props) => (
            <select {...props} name="status" defaultValue={filters.status ?? ''}>
              <option value="">{words.enquiries.anyStatus}</option>
              {statusesOf(filters.kind).map((s) => (
                <option key={s} value={s}>
                  {words.enquiries.statuses[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={words.enquiries.course}>
          {(props) => (
            <select {...props} name="subject" defaultValue={filters.subject ?? ''}>
              <option value="">{words.enquiries.anyCourse}</option>
              {(list.data?.subjects ?? []).map((c) => (
                <option key={c.value} value={c.value}>
                  {c.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={words.enquiries.from}>{(props) => <input {...props} name="from" type="date" defaultValue={filters.from ?? ''} />}</Field>
        <Field label={words.enquiries.to}>{(props) => <input {...props} name="to" type="date" defaultValue={filters.to ?? ''} />}</Field>
        <div className="actions">
          <button type="submit">{words.enquiries.apply}</button>
          <a className="button quiet" href={staffFileUrl('staffEnquiriesExport', filters.kind ? { kind: filters.kind } : {})} download>
            {words.enquiries.export}
          </a>
        </div>
      </form>
      <Failure message={list.failure} />
      <PagedTable
        list={list}
        items={(page) => page.items}
        onPage={(page) => navigate(addressOf({ ...filters, page: String(page) }))}
        caption={words.enquiries.heading}
        none={words.enquiries.none}
        rowKey={(item) => item.id}
        columns={[
          {
            label: words.enquiries.name,
            cell: (item) => (
              <>
                <button type="button" className="link" onClick={() => setOpenId(item.id)} aria-label={fill(words.enquiries.open, { name: item.name })}>
                  {item.name}
                </button>
                <span className="sub">{item.email}</span>
              </>
            ),
          },
          { label: words.enquiries.kind, cell: (item) => words.enquiries.kinds[item.kind] },
          { label: words.enquiries.courseColumn, cell: (item) => item.subject?.title ?? '—' },
          { label: words.enquiries.status, cell: (item) => <span className={`status status-${item.status}`}>{words.enquiries.statuses[item.status]}</span> },
          { label: words.enquiries.received, cell: (item) => when(item.receivedAt) },
        ]}
      />
    </>
  );
}

function EnquiryDetail({ id, canChange, onClose, onChanged }: { id: number; canChange: boolean; onClose: () => void; onChanged: () => void }) {
  const detail = useLoad(() => callStaff('staffEnquiry', { id: String(id) }), `enquiry-${id}`);
  return (
    <>
      <button type="button" className="quiet back" onClick={onClose}>
        {words.enquiries.close}
      </button>
      <Failure message={detail.failure} />
      {detail.data ? (
        <>
          <ScreenHeading>{fill(words.enquiries.detail, { reference: detail.data.enquiry.reference })}</ScreenHeading>
          <EnquiryFacts enquiry={detail.data.enquiry} />
          {canChange ? (
            <UpdateForm
              enquiry={detail.data.enquiry}
              onSaved={() => {
                void detail.reload();
                onChanged();
              }}
            />
          ) : null}
          <h2>{words.enquiries.notes}</h2>
          {detail.data.notes.length === 0 ? (
            <p>{words.enquiries.noNotes}</p>
          ) : (
            <ol className="history">
              {detail.data.notes.map((note, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: notes are only ever added, oldest first
                <li key={i}>
                  <p className="sub">
                    {when(note.at)} · {note.author}
                  </p>
                  {note.statusTo ? (
                    <p>
                      {fill(words.enquiries.changed, {
                        from: note.statusFrom ? words.enquiries.statuses[note.statusFrom] : '',
                        to: words.enquiries.statuses[note.statusTo],
                      })}
                    </p>
                  ) : null}
                  {note.note ? <p className="note">{note.note}</p> : null}
                </li>
              ))}
            </ol>
          )}
        </>
      ) : (
        <p>{words.loading}</p>
      )}
    </>
  );
}

function EnquiryFacts({ enquiry }: { enquiry: StaffEnquiryDetail }) {
  return (
    <dl className="facts">
      <dt>{words.enquiries.name}</dt>
      <dd>{enquiry.name}</dd>
      <dt>{words.enquiries.email}</dt>
      <dd>
        <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
      </dd>
      <dt>{words.enquiries.phone}</dt>
      <dd>{enquiry.phone ?? '—'}</dd>
      <dt>{words.enquiries.kind}</dt>
      <dd>{words.enquiries.kinds[enquiry.kind]}</dd>
      <dt>{words.enquiries.courseColumn}</dt>
      <dd>{enquiry.subject?.title ?? '—'}</dd>
      <dt>{words.enquiries.received}</dt>
      <dd>
        {when(enquiry.receivedAt)}
        {enquiry.fromAccount ? ` · ${words.enquiries.fromAccount}` : ''}
      </dd>
      <dt>{words.enquiries.status}</dt>
      <dd>{words.enquiries.statuses[enquiry.status]}</dd>
      {enquiry.message ? (
        <>
          <dt>{words.enquiries.message}</dt>
          <dd className="note">{enquiry.message}</dd>
        </>
      ) : null}
    </dl>
  );
}

function UpdateForm({ enquiry, onSaved }: { enquiry: StaffEnquiryDetail; onSaved: () => void }) {
  const [status, setStatus] = useState<EnquiryStatus>(enquiry.status);
  const [note, setNote] = useState('');
  const action = useAction();
  return (
    <form
      className="panel"
      onSubmit={async (event) => {
        event.preventDefault();
        const saved = await action.run(() =>
          callStaff('staffEnquiryUpdate', {
            id: enquiry.id,
            ...(status !== enquiry.status ? { status } : {}),
            ...(note.trim() ? { note: note.trim() } : {}),
          }),
        );
        if (!saved) return;
        setNote('');
        onSaved();
      }}
    >
      <Field label={words.enquiries.newStatus}>
        {(props) => (
          <select {...props} name="status" value={status} onChange={(e) => setStatus(e.target.value as EnquiryStatus)}>
            {statusesOf(enquiry.kind).map((s) => (
              <option key={s} value={s}>
                {words.enquiries.statuses[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={words.enquiries.note}>
        {(props) => <textarea {...props} name="note" rows={3} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <Failure message={action.failure} />
      <Done message={action.done} />
      <Busy busy={action.busy}>{words.enquiries.save}</Busy>
    </form>
  );
}
