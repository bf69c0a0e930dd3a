import { useState } from 'react';
import { fillCount } from '../../engine/shared/fill.ts';
import type { StaffStatementRequest, StaffStatementResponse, StatementMapping, StatementRow } from '../../engine/types.ts';
import { callStaff } from './api.ts';
import { paymentsChanged, rupees } from './money.ts';
import { Busy, Done, Failure, Field, Link, ScreenHeading } from './parts.tsx';
import { words } from './words.ts';

const FACTS = ['date', 'narration', 'reference', 'credit'] as const satisfies readonly (keyof StatementMapping)[];
const MATCHES = ['matched', 'confirmed', 'already', 'amountDiffers', 'skipped', 'unmatched'] as const satisfies readonly StatementRow['match'][];
/** Rows the team must look at themselves. */
const LOOK = new Set<StatementRow['match']>(['amountDiffers', 'skipped']);

/** The chosen file as the route takes it: a CSV as its text, a spreadsheet as base64 (the server reads both in a worker). */
type Chosen = Pick<StaffStatementRequest, 'fileName' | 'text' | 'base64'>;

/** A file's bytes as base64, from the data: address FileReader gives. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The bank's statement imported: the file chosen, checked (each credit with what it is, the columns found and a way
 * to choose others), then its matches confirmed in one step. Nothing changes until Confirm; the same file and columns
 * are sent again then, so what is confirmed is what the preview showed (the server matches again and confirms each order once).
 */
export function Statement() {
  const [chosen, setChosen] = useState<Chosen>();
  const [mapping, setMapping] = useState<StatementMapping>({});
  const [edited, setEdited] = useState(false);
  const [answer, setAnswer] = useState<StaffStatementResponse>();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState<'check' | 'confirm'>();
  const [failure, setFailure] = useState<string>();

  async function send(confirm: boolean) {
    if (!chosen) return;
    setBusy(confirm ? 'confirm' : 'check');
    const given = Object.fromEntries(Object.entries(mapping).filter(([, title]) => title)) as StatementMapping;
    // The columns of the last check (found, or chosen here) go with every later request, so Confirm reads the file as the preview did.
    const result = await callStaff('staffStatement', {
      ...chosen,
      ...(Object.keys(given).length ? { mapping: given } : {}),
      ...(confirm ? { confirm: true } : {}),
    });
    setBusy(undefined);
    if (!result.ok) {
      setFailure(result.message);
      setAnswer(undefined);
      return;
    }
    setFailure(undefined);
    setAnswer(result.data);
    setMapping(result.data.mapping);
    setEdited(false);
    setConfirmed(confirm);
    if (confirm) paymentsChanged();
  }

  const s = words.statement;
  const toConfirm = answer && !confirmed && !edited ? answer.counts.matched : 0;
  return (
    <>
      <Link to="/staff/payments" className="back">
        {s.back}
      </Link>
      <ScreenHeading>{s.heading}</ScreenHeading>
      <p>{s.intro}</p>
      <form
        className="panel"
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
      >
        <Field label={s.file}>
          {(props) => (
            <input
              {...props}
              type="file"
              name="statement"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setAnswer(undefined);
                setMapping({});
                setEdited(false);
                setConfirmed(false);
                if (!file) {
                  setChosen(undefined);
                  return;
                }
                const spreadsheet = /\.xlsx$/i.test(file.name);
                setChosen(spreadsheet ? { fileName: file.name, base64: await base64Of(file) } : { fileName: file.name, text: await file.text() });
              }}
            />
          )}
        </Field>
        {answer?.columns.length ? (
          <fieldset className="mapping">
            <legend>{s.columnsHeading}</legend>
            <p className="help">{s.columnsIntro}</p>
            {FACTS.map((fact) => (
              <Field key={fact} label={s.columns[fact]}>
                {(props) => (
                  <select
                    {...props}
                    value={mapping[fact] ?? ''}
                    onChange={(e) => {
                      setMapping({ ...mapping, [fact]: e.target.value });
                      setEdited(true);
                    }}
                  >
                    <option value="">{s.noColumn}</option>
                    {answer.columns.map((title) => (
                      <option key={title} value={title}>
                        {title}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ))}
          </fieldset>
        ) : null}
        <Failure message={failure} />
        <div className="actions">
          <Busy busy={busy === 'check'} disabled={!chosen || busy !== undefined}>
            {answer && edited ? s.checkAgain : s.check}
          </Busy>
          {toConfirm ? (
            <Busy busy={busy === 'confirm'} type="button" disabled={busy !== undefined} onClick={() => void send(true)}>
              {fillCount(s.confirm, toConfirm)}
            </Busy>
          ) : null}
        </div>
      </form>
      <Done message={answer?.message} />
      {answer ? <StatementPreview answer={answer} /> : null}
    </>
  );
}

function StatementPreview({ answer }: { answer: StaffStatementResponse }) {
  const s = words.statement;
  const present = MATCHES.filter((m) => answer.counts[m] > 0);
  return (
    <>
      {answer.problems.length ? (
        <section aria-labelledby="statement-problems">
          <h2 id="statement-problems">{s.problemsHeading}</h2>
          <ul className="problems">
            {answer.problems.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once read, and two rows may say the same
              <li key={i}>{p}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="statement-summary">
        <h2 id="statement-summary">{s.summaryHeading}</h2>
        {present.length === 0 ? (
          <p>{s.noCredits}</p>
        ) : (
          <dl className="outcomes">
            {present.map((m) => (
              <div key={m} className={`outcome outcome-${m}`}>
                <dt>
                  <span className={`match match-${m}`}>{s.matches[m]}</span> <span className="outcome-count">{answer.counts[m].toLocaleString('en-IN')}</span>
                </dt>
                <dd>{s.meanings[m]}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {answer.rows.length ? (
        <section aria-labelledby="statement-rows">
          <h2 id="statement-rows">{s.rowsHeading}</h2>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{s.rowsHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">{s.line}</th>
                  <th scope="col">{s.date}</th>
                  <th scope="col">{s.amount}</th>
                  <th scope="col">{s.match}</th>
                  <th scope="col">{s.order}</th>
                  <th scope="col">{s.utr}</th>
                  <th scope="col">{s.narration}</th>
                </tr>
              </thead>
              <tbody>
                {answer.rows.map((row) => (
                  <tr key={row.line} className={LOOK.has(row.match) ? 'look' : undefined}>
                    <td data-label={s.line}>{row.line}</td>
                    <td data-label={s.date} className="nowrap">
                      {row.date || '—'}
                    </td>
                    <td data-label={s.amount} className="nowrap">
                      {row.amount === null ? '—' : rupees(row.amount)}
                    </td>
                    <td data-label={s.match}>
                      <span className={`match match-${row.match}`}>{s.matches[row.match]}</span>
                      {row.problem ? <span className="sub">{row.problem}</span> : null}
                    </td>
                    <td data-label={s.order} className="nowrap">
                      {row.reference ?? '—'}
                    </td>
                    <td data-label={s.utr} className="nowrap">
                      {row.utr ?? '—'}
                    </td>
                    <td data-label={s.narration} className="narration">
                      {row.narration}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </>
  );
}
