import { useEffect, useRef, useState } from 'react';
import { ORDER_KINDS, ORDER_STATUSES } from '../../engine/generated/enquiryStatuses.ts';
import type { StaffMember, StaffPaymentRefusal, StaffPaymentRow, StaffPaymentsQuery } from '../../engine/types.ts';
import { callStaff, staffFileUrl } from './api.ts';
import { PAYMENTS_CHANGED, paymentsChanged, rupees } from './money.ts';
import { Busy, Done, Failure, Field, Link, navigate, Pager, ScreenHeading, useLoad, when } from './parts.tsx';
import { Statement } from './Statement.tsx';
import { fill, words } from './words.ts';

const FILTERS = ['status', 'kind', 'from', 'to', 'search'] as const;

/** The screen's filters, from the address (/staff/payments?status=paymentReported), so a filtered list can be linked to. */
function filtersOf(query: string): StaffPaymentsQuery {
  const params = new URLSearchParams(query);
  const out: Record<string, string> = {};
  for (const name of [...FILTERS, 'page'] as const) {
    const value = params.get(name);
    if (value) out[name] = value;
  }
  return out as StaffPaymentsQuery;
}

function addressOf(filters: StaffPaymentsQuery): string {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== undefined && v !== '') as [string, string][]);
  const text = params.toString();
  return `/staff/payments${text ? `?${text}` : ''}`;
}

/** The payments screen (staff and owners: viewers do not see it), or the statement's import under it (/staff/payments/statement). */
export function Payments({ role, rest, query }: { role: StaffMember['role']; rest: string; query: string }) {
  if (rest === 'statement') return <Statement />;
  return <PaymentList role={role} query={query} />;
}

/** Beside Payments in the navigation: the reported payments waiting, when there are any. */
export function PaymentsWaiting({ path }: { path: string }) {
  const [count, setCount] = useState<number>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new screen reads the count again (others may have decided payments)
  useEffect(() => {
    const read = () =>
      void callStaff('staffOverview').then((result) => {
        if (result.ok) setCount(result.data.paymentsReported);
      });
    read();
    window.addEventListener(PAYMENTS_CHANGED, read);
    return () => window.removeEventListener(PAYMENTS_CHANGED, read);
  }, [path]);
  if (!count) return null;
  return <span className="badge">{fill(words.navWaiting, { count: count.toLocaleString('en-IN') })}</span>;
}

/** A form opened under the list: a refusal (of one payment or the selected ones) with its reason, or an owner's refund with its note. */
type Opened = { kind: 'refuse'; references: string[] } | { kind: 'refund'; reference: string };

/** What the last action said: its message, and each order it could not change with the server's sentence. */
interface Outcome {
  done?: string;
  failure?: string;
  refused: StaffPaymentRefusal[];
}

function PaymentList({ role, query }: { role: StaffMember['role']; query: string }) {
  const filters = filtersOf(query);
  const [version, setVersion] = useState(0);
  const list = useLoad(() => callStaff('staffPayments', filters), `${query}|${version}`);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [opened, setOpened] = useState<Opened>();
  const [busy, setBusy] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>({ refused: [] });
  const items = list.data?.items ?? [];
  const reported = items.filter((i) => i.status === 'paymentReported');
  // Payments decided elsewhere, or on another page, leave the selection.
  useEffect(() => {
    const waiting = new Set((list.data?.items ?? []).filter((i) => i.status === 'paymentReported').map((i) => i.reference));
    setSelected((s) => new Set([...s].filter((r) => waiting.has(r))));
  }, [list.data]);

  function changed() {
    setVersion((v) => v + 1);
    paymentsChanged();
  }

  async function decide(references: string[], decision: 'confirm' | 'refuse', reason?: string): Promise<boolean> {
    setBusy(decision === 'confirm' && references.length === 1 ? `confirm-${references[0]}` : decision);
    const result = await callStaff('staffPaymentsDecide', { references, decision, ...(reason ? { reason } : {}) });
    setBusy(undefined);
    if (!result.ok) {
      setOutcome({ failure: result.message, refused: [] });
      return false;
    }
    setOutcome({ done: result.data.message, refused: result.data.refused });
    setSelected((s) => new Set([...s].filter((r) => !result.data.changed.includes(r))));
    changed();
    return true;
  }

  const all = reported.length > 0 && reported.every((i) => selected.has(i.reference));
  return (
    <>
      <ScreenHeading>{words.payments.heading}</ScreenHeading>
      <p>{words.payments.intro}</p>
      <p className="actions">
        <Link to="/staff/payments/statement" className="button">
          {words.payments.statement}
        </Link>
        {role === 'owner' ? (
          <a className="button quiet" href={staffFileUrl('staffPaymentsExport', { ...filters, page: undefined })} download>
            {words.payments.export}
          </a>
        ) : null}
      </p>
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
          navigate(addressOf(next as StaffPaymentsQuery));
        }}
        key={query}
      >
        <Field label={words.payments.search}>
          {(props) => <input {...props} name="search" type="search" maxLength={100} defaultValue={filters.search ?? ''} />}
        </Field>
        <Field label={words.payments.status}>
          {(props) => (
            <select {...props} name="status" defaultValue={filters.status ?? ''}>
              <option value="">{words.payments.anyStatus}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {words.payments.statuses[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={words.payments.kind}>
          {(props) => (
            <select {...props} name="kind" defaultValue={filters.kind ?? ''}>
              <option value="">{words.payments.anyKind}</option>
              {ORDER_KINDS.map((k) => (
                <option key={k} value={k}>
                  {words.payments.kinds[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={words.payments.from}>{(props) => <input {...props} name="from" type="date" defaultValue={filters.from ?? ''} />}</Field>
        <Field label={words.payments.to}>{(props) => <input {...props} name="to" type="date" defaultValue={filters.to ?? ''} />}</Field>
        <div className="actions">
          <button type="submit">{words.payments.apply}</button>
        </div>
      </form>
      <Failure message={list.failure ?? outcome.failure} />
      <Done message={outcome.done} />
      {outcome.refused.length ? (
        <section className="refusals" aria-labelledby="payments-not-changed">
          <h2 id="payments-not-changed">{words.payments.notChanged}</h2>
          <ul>
            {outcome.refused.map((r) => (
              <li key={r.reference}>
                <strong>{r.reference}</strong>: {r.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {reported.length ? (
        <div className="actions sticky">
          <p role="status">{fill(words.payments.selected, { count: selected.size })}</p>
          <Busy
            busy={busy === 'confirm'}
            type="button"
            disabled={selected.size === 0 || busy !== undefined}
            onClick={() => void decide([...selected], 'confirm')}
          >
            {words.payments.confirmSelected}
          </Busy>
          <button
            type="button"
            className="danger"
            disabled={selected.size === 0 || busy !== undefined}
            onClick={() => setOpened({ kind: 'refuse', references: [...selected] })}
          >
            {words.payments.refuseSelected}
          </button>
        </div>
      ) : null}
      {opened?.kind === 'refuse' ? (
        <RefuseForm
          references={opened.references}
          busy={busy === 'refuse'}
          onCancel={() => setOpened(undefined)}
          onRefuse={async (reason) => {
            if (await decide(opened.references, 'refuse', reason)) setOpened(undefined);
          }}
        />
      ) : null}
      {opened?.kind === 'refund' ? (
        <RefundForm
          reference={opened.reference}
          onCancel={() => setOpened(undefined)}
          onDone={(message) => {
            setOpened(undefined);
            setOutcome({ done: message, refused: [] });
            changed();
          }}
        />
      ) : null}
      <div aria-busy={list.loading}>
        {list.loading && !list.data ? <p>{words.loading}</p> : null}
        {list.data ? (
          <>
            <Pager
              page={list.data.page}
              pageSize={list.data.pageSize}
              total={list.data.total}
              onPage={(page) => navigate(addressOf({ ...filters, page: String(page) }))}
            />
            {items.length === 0 ? (
              <p>{words.payments.none}</p>
            ) : (
              <div className="table-wrap">
                <table className="payments">
                  <caption className="visually-hidden">{words.payments.heading}</caption>
                  <thead>
                    <tr>
                      <th scope="col">
                        {reported.length ? (
                          <input
                            type="checkbox"
                            aria-label={words.payments.selectAll}
                            checked={all}
                            onChange={() => setSelected(all ? new Set() : new Set(reported.map((i) => i.reference)))}
                          />
                        ) : (
                          <span className="visually-hidden">{words.payments.selectAll}</span>
                        )}
                      </th>
                      <th scope="col">{words.payments.order}</th>
                      <th scope="col">{words.payments.payer}</th>
                      <th scope="col">{words.payments.amount}</th>
                      <th scope="col">{words.payments.status}</th>
                      <th scope="col">{words.payments.utr}</th>
                      <th scope="col">{words.payments.made}</th>
                      <th scope="col">{words.payments.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((item) => (
                      <PaymentRow
                        key={item.reference}
                        item={item}
                        role={role}
                        selected={selected.has(item.reference)}
                        busy={busy}
                        onSelect={() => {
                          const next = new Set(selected);
                          if (next.has(item.reference)) next.delete(item.reference);
                          else next.add(item.reference);
                          setSelected(next);
                        }}
                        onConfirm={() => void decide([item.reference], 'confirm')}
                        onRefuse={() => setOpened({ kind: 'refuse', references: [item.reference] })}
                        onRefund={() => setOpened({ kind: 'refund', reference: item.reference })}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}

function PaymentRow({
  item,
  role,
  selected,
  busy,
  onSelect,
  onConfirm,
  onRefuse,
  onRefund,
}: {
  item: StaffPaymentRow;
  role: StaffMember['role'];
  selected: boolean;
  busy: string | undefined;
  onSelect: () => void;
  onConfirm: () => void;
  onRefuse: () => void;
  onRefund: () => void;
}) {
  const p = words.payments;
  const isReported = item.status === 'paymentReported';
  return (
    <tr className={selected ? 'selected' : isReported ? 'waiting' : undefined}>
      <td className={isReported ? undefined : 'empty'}>
        {isReported ? <input type="checkbox" aria-label={fill(p.select, { reference: item.reference })} checked={selected} onChange={onSelect} /> : null}
      </td>
      <td data-label={p.order}>
        <span className="nowrap">{item.reference}</span>
        <span className="sub">
          {p.kinds[item.kind]}: {item.title}
        </span>
      </td>
      <td data-label={p.payer}>
        {item.name || '—'}
        <span className="sub">{item.email}</span>
      </td>
      <td data-label={p.amount} className="nowrap">
        {rupees(item.amount)}
      </td>
      <td data-label={p.status}>
        <span className={`status status-${item.status}`}>{p.statuses[item.status]}</span>
      </td>
      <td data-label={p.utr} className="nowrap">
        {item.utr ?? '—'}
      </td>
      <td data-label={p.made}>
        {when(item.createdAt)}
        {item.reportedAt ? <span className="sub">{`${p.reported}: ${when(item.reportedAt)}`}</span> : null}
        {item.paidAt ? <span className="sub">{`${p.paid}: ${when(item.paidAt)}`}</span> : null}
      </td>
      <td data-label={p.actions} className={isReported || item.receiptNumber ? undefined : 'empty'}>
        <div className="row-actions">
          {isReported ? (
            <>
              <Busy
                busy={busy === `confirm-${item.reference}`}
                type="button"
                disabled={busy !== undefined}
                aria-label={fill(p.confirmOne, { reference: item.reference })}
                onClick={onConfirm}
              >
                {p.confirm}
              </Busy>
              <button type="button" className="danger" aria-label={fill(p.refuseOne, { reference: item.reference })} onClick={onRefuse}>
                {p.refuse}
              </button>
            </>
          ) : null}
          {item.receiptNumber ? (
            <a
              href={staffFileUrl('staffPaymentReceipt', { reference: item.reference })}
              download
              aria-label={fill(p.receiptLabel, { number: item.receiptNumber })}
            >
              {fill(p.receipt, { number: item.receiptNumber })}
            </a>
          ) : null}
          {role === 'owner' && item.status === 'paid' ? (
            <button type="button" className="quiet" aria-label={fill(p.refundOne, { reference: item.reference })} onClick={onRefund}>
              {p.refund}
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** The reason a refusal needs (the payer reads it): its field takes the focus as the form opens. */
function RefuseForm({
  references,
  busy,
  onCancel,
  onRefuse,
}: {
  references: string[];
  busy: boolean;
  onCancel: () => void;
  onRefuse: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const heading =
    references.length === 1
      ? fill(words.payments.refuseHeadingOne, { reference: references[0]! })
      : fill(words.payments.refuseHeading, { count: references.length });
  return (
    <form
      className="panel"
      aria-label={heading}
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim()) void onRefuse(reason.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <h2>{heading}</h2>
      <Field label={words.payments.reason} help={words.payments.reasonHelp}>
        {(props) => <input {...props} ref={field} name="reason" required maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <div className="actions">
        <Busy busy={busy} className="danger">
          {words.payments.refuseNow}
        </Busy>
        <button type="button" className="quiet" onClick={onCancel}>
          {words.payments.cancel}
        </button>
      </div>
    </form>
  );
}

/** An owner records a refund the bank has sent, with a note (how and why). */
function RefundForm({ reference, onCancel, onDone }: { reference: string; onCancel: () => void; onDone: (message: string) => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const heading = fill(words.payments.refundHeading, { reference });
  return (
    <form
      className="panel"
      aria-label={heading}
      onSubmit={async (event) => {
        event.preventDefault();
        if (!note.trim()) return;
        setBusy(true);
        const result = await callStaff('staffPaymentRefund', { reference, note: note.trim() });
        setBusy(false);
        if (result.ok) onDone(result.data.message);
        else setFailure(result.message);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <h2>{heading}</h2>
      <p>{words.payments.refundIntro}</p>
      <Field label={words.payments.note}>
        {(props) => <input {...props} ref={field} name="note" required maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <Failure message={failure} />
      <div className="actions">
        <Busy busy={busy}>{words.payments.refundNow}</Busy>
        <button type="button" className="quiet" onClick={onCancel}>
          {words.payments.cancel}
        </button>
      </div>
    </form>
  );
}
