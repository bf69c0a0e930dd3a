import { useEffect, useRef, useState } from 'react';
import { type ApplicationStatus, ENQUIRY_STATUSES, NOT_SELECTED_REASONS, type NotSelectedReason } from '../../engine/generated/enquiryStatuses.ts';
import type {
  Certificate,
  StaffApplicationCertificateDraft,
  StaffApplicationDetail,
  StaffApplicationEvent,
  StaffApplicationRow,
  StaffApplicationsQuery,
  StaffMember,
  StaffProgrammeSeats,
  StaffUpdateRefusal,
} from '../../engine/types.ts';
import { callStaff, staffFileUrl } from './api.ts';
import { Busy, Done, Failure, Field, Link, navigate, PagedTable, ScreenHeading, useLoad, when } from './parts.tsx';
import { fill, words } from './words.ts';

const w = words.applications;
const STATUSES = ENQUIRY_STATUSES.application;
const YEARS = ['1', '2', '3', '4', '5', 'graduate'] as const;
const FILTERS = ['search', 'status', 'programme', 'subject', 'year', 'from', 'to', 'open', 'closing'] as const;
const BOARD = '/staff/applications';

/** The board's address as it was last shown, so "back" from an application returns to the same filters and page. */
let lastBoard = BOARD;

/** The board's filters, from the address (/staff/applications?programme=law&open=yes), so a filtered board can be linked to. */
function filtersOf(query: string): StaffApplicationsQuery {
  const params = new URLSearchParams(query);
  const out: Record<string, string> = {};
  for (const name of [...FILTERS, 'page'] as const) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  return out as StaffApplicationsQuery;
}

function addressOf(filters: StaffApplicationsQuery): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '') as [string, string][]);
  const text = params.toString();
  return `${BOARD}${text ? `?${text}` : ''}`;
}

const yearWords = (year: string | null) => (year ? (w.years[year as (typeof YEARS)[number]] ?? year) : '—');
const aboutWords = (a: Pick<StaffApplicationRow, 'programme' | 'subject'>) => (a.programme ? `${a.programme}: ${a.subject.title}` : a.subject.title);
const seatsWords = (p: StaffProgrammeSeats) => fill(w.seatsOf, { programme: p.title, taken: p.taken, seats: p.seats, left: Math.max(0, p.seats - p.taken) });

/** The board (/staff/applications) or one application (/staff/applications/41). */
export function Applications({ role, rest, query }: { role: StaffMember['role']; rest: string; query: string }) {
  const canChange = role !== 'viewer';
  if (rest) return <ApplicationDetail id={rest} canChange={canChange} />;
  return <Board canChange={canChange} query={query} />;
}

function Board({ canChange, query }: { canChange: boolean; query: string }) {
  const filters = filtersOf(query);
  lastBoard = addressOf(filters);
  const list = useLoad(() => callStaff('staffApplications', filters), query);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const items = list.data?.items ?? [];
  // Another page or other filters: what was selected is out of sight, so nothing stays selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what changes the list
  useEffect(() => setSelected(new Set()), [query]);
  const all = items.length > 0 && items.every((a) => selected.has(a.id));
  const programmes = list.data?.programmes ?? [];
  const shownSeats = filters.programme ? programmes.filter((p) => p.id === filters.programme) : programmes;

  return (
    <>
      <ScreenHeading>{w.heading}</ScreenHeading>
      <form
        className="filters board"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const next: Record<string, string> = {};
          for (const name of FILTERS) {
            const value = String(data.get(name) ?? '').trim();
            if (value) next[name] = value;
          }
          navigate(addressOf(next as StaffApplicationsQuery));
        }}
        // Drawn again once the programmes and roles arrive, so those chosen in the address show as chosen.
        key={`${query}|${programmes.length}`}
      >
        <Field label={w.search}>{(props) => <input {...props} name="search" type="search" defaultValue={filters.search ?? ''} />}</Field>
        <Field label={w.status}>
          {(props) => (
            <select {...props} name="status" defaultValue={filters.status ?? ''}>
              <option value="">{w.anyStatus}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {words.enquiries.statuses[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={w.programme}>
          {(props) => (
            <select {...props} name="programme" defaultValue={filters.programme ?? ''}>
              <option value="">{w.anyProgramme}</option>
              {programmes.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={w.role}>
          {(props) => (
            <select {...props} name="subject" defaultValue={filters.subject ?? ''}>
              <option value="">{w.anyRole}</option>
              {(list.data?.subjects ?? []).map((s) => (
                <option key={s.value} value={s.value}>
                  {s.title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={w.year}>
          {(props) => (
            <select {...props} name="year" defaultValue={filters.year ?? ''}>
              <option value="">{w.anyYear}</option>
              {YEARS.map((y) => (
                <option key={y} value={y}>
                  {w.years[y]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={w.from}>{(props) => <input {...props} name="from" type="date" defaultValue={filters.from ?? ''} />}</Field>
        <Field label={w.to}>{(props) => <input {...props} name="to" type="date" defaultValue={filters.to ?? ''} />}</Field>
        <div className="checks">
          <label>
            <input type="checkbox" name="open" value="yes" defaultChecked={filters.open === 'yes'} /> {w.open}
          </label>
          <label>
            <input type="checkbox" name="closing" value="yes" defaultChecked={filters.closing === 'yes'} />{' '}
            {fill(w.closing, { days: list.data?.closingWithinDays ?? '…' })}
          </label>
        </div>
        <div className="actions">
          <button type="submit">{w.show}</button>
        </div>
      </form>
      {list.data ? (
        <p className="sub" data-testid="awaiting-confirmation">
          {fill(w.awaiting, { count: list.data.awaitingConfirmation.toLocaleString('en-IN') })}
        </p>
      ) : null}
      {shownSeats.length ? (
        <section aria-labelledby="seats-heading">
          <h2 id="seats-heading">{w.seatsHeading}</h2>
          <ul className="seats">
            {shownSeats.map((p) => (
              <li key={p.id} className={p.taken >= p.seats ? 'full' : undefined}>
                {seatsWords(p)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {canChange ? (
        <BulkMove
          selected={items.filter((a) => selected.has(a.id))}
          onMoved={() => {
            setSelected(new Set());
            void list.reload();
          }}
        />
      ) : (
        <p className="sub">{w.viewer}</p>
      )}
      <Failure message={list.failure} />
      <PagedTable
        list={list}
        items={(page) => page.items}
        onPage={(page) => navigate(addressOf({ ...filters, page: String(page) }))}
        caption={w.heading}
        none={w.none}
        rowKey={(a) => a.id}
        rowClass={(a) => (selected.has(a.id) ? 'selected' : undefined)}
        columns={[
          ...(canChange
            ? [
                {
                  label: words.referrals.select,
                  heading: (
                    <input
                      type="checkbox"
                      aria-label={w.selectAll}
                      checked={all}
                      onChange={() => setSelected(all ? new Set() : new Set(items.map((a) => a.id)))}
                    />
                  ),
                  cell: (a: StaffApplicationRow) => (
                    <input
                      type="checkbox"
                      aria-label={fill(w.select, { name: a.name })}
                      checked={selected.has(a.id)}
                      onChange={() => {
                        const next = new Set(selected);
                        if (next.has(a.id)) next.delete(a.id);
                        else next.add(a.id);
                        setSelected(next);
                      }}
                    />
                  ),
                },
              ]
            : []),
          {
            label: w.name,
            cell: (a) => (
              <>
                <Link to={`${BOARD}/${a.id}`}>{a.name}</Link>
                <span className="sub">{a.email}</span>
              </>
            ),
          },
          {
            label: w.about,
            cell: (a) => (
              <>
                {aboutWords(a)}
                <span className="sub">{a.reference}</span>
              </>
            ),
          },
          { label: w.year, cell: (a) => yearWords(a.yearOfStudy) },
          {
            label: w.status,
            cell: (a) => (
              <>
                <span className={`status status-${a.status}`}>{words.enquiries.statuses[a.status]}</span>
                {a.reason ? <span className="sub">{w.reasons[a.reason]}</span> : null}
              </>
            ),
          },
          { label: w.received, cell: (a) => when(a.receivedAt) },
          { label: w.changed, cell: (a) => when(a.statusAt) },
        ]}
      />
    </>
  );
}

/** What a move says back: done, and each application it did not change with the server's sentence. */
interface MoveOutcome {
  done?: string;
  failure?: string;
  refused: (StaffUpdateRefusal & { reference: string; name: string })[];
}

/** The move, note and message form, for one application or the board's selection. */
function MoveFields({
  targets,
  status,
  onStatus,
  reason,
  onReason,
  note,
  onNote,
  toStudent,
  onToStudent,
  statusLabel,
  stay,
  compact,
}: {
  targets: readonly ApplicationStatus[];
  status: ApplicationStatus | '';
  onStatus: (s: ApplicationStatus | '') => void;
  reason: NotSelectedReason | '';
  onReason: (r: NotSelectedReason | '') => void;
  note: string;
  onNote: (n: string) => void;
  toStudent: string;
  onToStudent: (t: string) => void;
  statusLabel: string;
  /** The choice of moving nowhere (a note or a message alone), when there is one. */
  stay?: string;
  /** The note and the message folded away until asked for, so the board's list stays near the top. */
  compact?: boolean;
}) {
  const writing = (
    <>
      <Field label={w.note}>
        {(props) => <textarea {...props} name="note" rows={2} maxLength={2000} value={note} onChange={(e) => onNote(e.target.value)} />}
      </Field>
      <Field label={w.toStudent} help={w.toStudentHelp}>
        {(props) => <textarea {...props} name="toStudent" rows={2} maxLength={2000} value={toStudent} onChange={(e) => onToStudent(e.target.value)} />}
      </Field>
    </>
  );
  return (
    <div className="move-fields">
      <Field label={statusLabel}>
        {(props) => (
          <select {...props} name="status" required={!stay} value={status} onChange={(e) => onStatus(e.target.value as ApplicationStatus | '')}>
            <option value="">{stay ?? w.chooseStatus}</option>
            {targets.map((s) => (
              <option key={s} value={s}>
                {words.enquiries.statuses[s]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {status === 'notSelected' ? (
        <Field label={w.reason}>
          {(props) => (
            <select {...props} name="reason" required value={reason} onChange={(e) => onReason(e.target.value as NotSelectedReason | '')}>
              <option value="">{w.chooseReason}</option>
              {NOT_SELECTED_REASONS.map((r) => (
                <option key={r} value={r}>
                  {w.reasons[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      {compact ? (
        // Open while it holds words, so nothing typed is sent unseen.
        <details className="more" open={Boolean(note || toStudent) || undefined}>
          <summary>{w.addWords}</summary>
          <div className="move-fields">{writing}</div>
        </details>
      ) : (
        writing
      )}
    </div>
  );
}

/** Sends a move (or a note, or a message) for these applications and reads the answer, refusals included. */
async function sendMove(
  applications: readonly Pick<StaffApplicationRow, 'id' | 'reference' | 'name'>[],
  change: { status: ApplicationStatus | ''; reason: NotSelectedReason | ''; note: string; toStudent: string },
): Promise<MoveOutcome & { ok: boolean }> {
  const result = await callStaff('staffApplicationsUpdate', {
    ids: applications.map((a) => a.id),
    ...(change.status ? { status: change.status } : {}),
    ...(change.status === 'notSelected' && change.reason ? { reason: change.reason } : {}),
    ...(change.note.trim() ? { note: change.note.trim() } : {}),
    ...(change.toStudent.trim() ? { toStudent: change.toStudent.trim() } : {}),
  });
  if (!result.ok) return { ok: false, failure: result.message, refused: [] };
  const named = (id: number) => applications.find((a) => a.id === id) ?? { reference: String(id), name: '' };
  return {
    ok: true,
    ...(result.data.changed.length ? { done: result.data.message } : {}),
    refused: result.data.refused.map((r) => ({ ...r, reference: named(r.id).reference, name: named(r.id).name })),
  };
}

function Refusals({ refused }: { refused: MoveOutcome['refused'] }) {
  if (!refused.length) return null;
  return (
    <div className="refusals" role="alert">
      <h3>{w.refusedHeading}</h3>
      <ul>
        {refused.map((r) => (
          <li key={r.id} data-code={r.code}>
            {fill(w.refused, { reference: r.reference, name: r.name, message: r.message })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The statuses a bulk move offers: those the server says at least one of the chosen applications may move to, in the
 * pipeline's order. The others of the choice are refused one by one, each with its sentence.
 */
function bulkTargets(selected: readonly StaffApplicationRow[]): ApplicationStatus[] {
  const allowed = new Set(selected.flatMap((a) => a.moves));
  return STATUSES.filter((s) => allowed.has(s));
}

function BulkMove({ selected, onMoved }: { selected: StaffApplicationRow[]; onMoved: () => void }) {
  const targets = bulkTargets(selected);
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [reason, setReason] = useState<NotSelectedReason | ''>('');
  const [note, setNote] = useState('');
  const [toStudent, setToStudent] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<MoveOutcome>({ refused: [] });
  // A status chosen before the choice of applications changed is kept only while one of them may still make it.
  const chosen = status && targets.includes(status) ? status : '';
  return (
    <section className="panel" aria-labelledby="bulk-heading">
      <h2 id="bulk-heading">{w.bulkHeading}</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const answer = await sendMove(selected, { status: chosen, reason, note, toStudent });
          setBusy(false);
          setOutcome(answer);
          if (!answer.ok) return;
          setStatus('');
          setReason('');
          setNote('');
          setToStudent('');
          onMoved();
        }}
      >
        <p role="status" className="selected-count">
          {fill(w.selected, { count: selected.length })}
          {selected.length ? '' : ` · ${w.bulkHint}`}
        </p>
        <MoveFields
          targets={targets}
          status={chosen}
          onStatus={setStatus}
          reason={reason}
          onReason={setReason}
          note={note}
          onNote={setNote}
          toStudent={toStudent}
          onToStudent={setToStudent}
          statusLabel={w.moveTo}
          compact
        />
        <Failure message={outcome.failure} />
        {selected.length && !targets.length ? <p className="sub">{w.noBulkMoves}</p> : null}
        <Busy busy={busy} disabled={selected.length === 0}>
          {w.move}
        </Busy>
      </form>
      <Done message={outcome.done} />
      <Refusals refused={outcome.refused} />
    </section>
  );
}

function ApplicationDetail({ id, canChange }: { id: string; canChange: boolean }) {
  const detail = useLoad(() => callStaff('staffApplication', { id }), `application-${id}`);
  const [issued, setIssued] = useState<string>();
  const data = detail.data;
  const a = data?.application;
  return (
    <>
      <Link to={lastBoard} className="back">
        {w.back}
      </Link>
      <ScreenHeading>{a ? fill(w.detail, { reference: a.reference }) : w.heading}</ScreenHeading>
      <Failure message={detail.failure} />
      {data && a ? (
        <>
          <ApplicationFacts a={a} />
          <Done message={issued} />
          <h2>{w.answers}</h2>
          {a.answers.length ? (
            <dl className="facts">
              {a.answers.map((answer) => (
                <div key={answer.question} className="pair">
                  <dt>{answer.question}</dt>
                  <dd className="note">{answer.answer}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p>{w.noAnswers}</p>
          )}
          {canChange ? <ChangeForm a={a} onSaved={() => void detail.reload()} /> : <p className="sub">{w.viewer}</p>}
          {canChange && a.certificate ? (
            <IssueCertificate
              a={a}
              draft={a.certificate}
              onIssued={(message) => {
                setIssued(message);
                void detail.reload();
              }}
            />
          ) : null}
          <h2>{w.history}</h2>
          <History events={data.events} />
        </>
      ) : detail.loading ? (
        <p>{words.loading}</p>
      ) : null}
    </>
  );
}

function ApplicationFacts({ a }: { a: StaffApplicationDetail }) {
  return (
    <dl className="facts">
      <dt>{w.name}</dt>
      <dd>{a.name}</dd>
      <dt>{w.email}</dt>
      <dd>
        <a href={`mailto:${a.email}`}>{a.email}</a>
      </dd>
      <dt>{w.emailConfirmed}</dt>
      <dd>{a.emailConfirmed ? w.yes : w.no}</dd>
      <dt>{w.about}</dt>
      <dd>{aboutWords(a)}</dd>
      <dt>{w.year}</dt>
      <dd>{yearWords(a.yearOfStudy)}</dd>
      <dt>{w.received}</dt>
      <dd>{when(a.receivedAt)}</dd>
      <dt>{w.status}</dt>
      <dd>
        <span className={`status status-${a.status}`}>{words.enquiries.statuses[a.status]}</span>
        {a.reason ? ` · ${w.reasons[a.reason]}` : ''} · {when(a.statusAt)}
      </dd>
      <dt>{w.resume}</dt>
      <dd>
        {a.resume ? (
          <a href={staffFileUrl('staffApplicationResume', { id: String(a.id) })} download>
            {fill(w.resumeLink, { size: Math.max(1, Math.round(a.resume.bytes / 1024)), when: when(a.resume.uploadedAt) })}
          </a>
        ) : (
          w.noResume
        )}
      </dd>
      {a.certificateId ? (
        <>
          <dt>{w.certificate}</dt>
          <dd>
            {a.certificateId} ·{' '}
            <a href={`/certificate/${a.certificateId}`} target="_blank" rel="noopener">
              {w.certificatePage}
            </a>{' '}
            · <Link to={`/staff/certificates/${encodeURIComponent(a.certificateId)}`}>{w.certificateConsole}</Link>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function ChangeForm({ a, onSaved }: { a: StaffApplicationDetail; onSaved: () => void }) {
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [reason, setReason] = useState<NotSelectedReason | ''>('');
  const [note, setNote] = useState('');
  const [toStudent, setToStudent] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<MoveOutcome>({ refused: [] });
  return (
    <section className="panel" aria-labelledby="change-heading">
      <h2 id="change-heading">{w.changeHeading}</h2>
      {a.seats ? <p data-testid="seats">{seatsWords(a.seats)}</p> : null}
      {a.moves.length ? null : <p className="sub">{w.noMoves}</p>}
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const answer = await sendMove([a], { status, reason, note, toStudent });
          setBusy(false);
          // The refusal of this one application is the form's failure, in the server's words.
          const refusal = answer.refused[0]?.message;
          setOutcome({
            refused: [],
            ...(answer.done ? { done: answer.done } : {}),
            ...(answer.failure || refusal ? { failure: answer.failure ?? refusal } : {}),
          });
          if (!answer.ok || refusal) return;
          setStatus('');
          setReason('');
          setNote('');
          setToStudent('');
          onSaved();
        }}
      >
        <MoveFields
          targets={a.moves}
          status={status}
          onStatus={setStatus}
          reason={reason}
          onReason={setReason}
          note={note}
          onNote={setNote}
          toStudent={toStudent}
          onToStudent={setToStudent}
          statusLabel={w.newStatus}
          stay={fill(w.stay, { status: words.enquiries.statuses[a.status] })}
        />
        <Failure message={outcome.failure} />
        <Busy busy={busy}>{w.save}</Busy>
      </form>
      <Done message={outcome.done} />
    </section>
  );
}

function History({ events }: { events: StaffApplicationEvent[] }) {
  return (
    <ol className="history">
      {events.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history is only ever added to, oldest first
        <li key={i}>
          <p className="sub">
            {when(e.at)} · {w.by[e.author] ?? e.author}
          </p>
          {e.statusTo ? (
            <p>{e.statusFrom ? fill(w.moved, { from: words.enquiries.statuses[e.statusFrom], to: words.enquiries.statuses[e.statusTo] }) : w.applied}</p>
          ) : null}
          {e.reason ? <p>{fill(w.becauseOf, { reason: w.reasons[e.reason] })}</p> : null}
          {e.note ? (
            <p className="note">
              <strong>{w.noteLabel}</strong> {e.note}
            </p>
          ) : null}
          {e.toStudent ? (
            <p className="note">
              <strong>{w.toStudentLabel}</strong> {e.toStudent}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

const CERTIFICATE_FIELDS = ['certificateID', 'studentName', 'regNo', 'college', 'courseName', 'startDate', 'endDate', 'skills', 'marks', 'issueDate'] as const;
type CertificateField = (typeof CERTIFICATE_FIELDS)[number];
const OPTIONAL: readonly CertificateField[] = ['startDate', 'endDate', 'skills'];
const DATES: readonly CertificateField[] = ['startDate', 'endDate', 'issueDate'];

/**
 * The field a refusal of the certificate is about: an ID issued already is the ID's; the import's reader and the
 * request's check name the field they refuse by its name (regNo, issueDate), which is the form's field of that name.
 */
function fieldOfRefusal(code: string | undefined, message: string): CertificateField | undefined {
  if (code === 'CERTIFICATE_EXISTS') return 'certificateID';
  return CERTIFICATE_FIELDS.find((name) => new RegExp(`(^|[^A-Za-z])${name}([^A-Za-z]|$)`).test(message));
}

function IssueCertificate({ a, draft, onIssued }: { a: StaffApplicationDetail; draft: StaffApplicationCertificateDraft; onIssued: (message: string) => void }) {
  const [values, setValues] = useState<Record<CertificateField, string>>({ ...draft, skills: draft.skills.join('\n'), marks: '', issueDate: '' });
  const [errors, setErrors] = useState<Partial<Record<CertificateField, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // The first field refused takes the focus, so its sentence is read out with it.
  const focus = (field: CertificateField) => (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

  async function issue() {
    const missing = CERTIFICATE_FIELDS.filter((f) => !OPTIONAL.includes(f) && !values[f].trim());
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((f) => [f, w.fillIn])));
      setFailure(undefined);
      focus(missing[0]!);
      return;
    }
    const skills = values.skills
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
    const certificate: Certificate = {
      certificateID: values.certificateID.trim(),
      studentName: values.studentName.trim(),
      regNo: values.regNo.trim(),
      college: values.college.trim(),
      courseName: values.courseName.trim(),
      marks: values.marks.trim(),
      issueDate: values.issueDate,
      ...(a.subject.kind === 'internship' || a.subject.kind === 'course' ? { kind: a.subject.kind } : {}),
      ...(values.startDate ? { startDate: values.startDate } : {}),
      ...(values.endDate ? { endDate: values.endDate } : {}),
      ...(skills.length ? { skills } : {}),
    };
    setBusy(true);
    const result = await callStaff('staffApplicationCertificate', { id: a.id, certificate });
    setBusy(false);
    if (result.ok) {
      onIssued(result.data.message);
      return;
    }
    const field = fieldOfRefusal(result.code, result.message);
    setErrors(field ? { [field]: result.message } : {});
    setFailure(field ? undefined : result.message);
    if (field) focus(field);
  }

  return (
    <section className="panel" aria-labelledby="issue-heading">
      <h2 id="issue-heading">{w.issueHeading}</h2>
      <p>{w.issueIntro}</p>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void issue();
        }}
      >
        <div className="columns">
          {CERTIFICATE_FIELDS.map((name) => (
            <Field key={name} label={w.fields[name]} error={errors[name]}>
              {(props) =>
                name === 'skills' ? (
                  <textarea {...props} name={name} rows={4} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
                ) : (
                  <input
                    {...props}
                    name={name}
                    required={!OPTIONAL.includes(name)}
                    type={DATES.includes(name) ? 'date' : 'text'}
                    value={values[name]}
                    onChange={(e) => {
                      setValues({ ...values, [name]: e.target.value });
                      if (errors[name]) setErrors({ ...errors, [name]: undefined });
                    }}
                  />
                )
              }
            </Field>
          ))}
        </div>
        <Failure message={failure} />
        <Busy busy={busy}>{w.issue}</Busy>
      </form>
    </section>
  );
}
