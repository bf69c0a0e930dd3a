import { useEffect, useRef, useState } from 'react';
import { titleOf } from '../../engine/shared/certificateColumns.ts';
import type { Certificate, StaffCertificateImportResponse, StaffMember } from '../../engine/types.ts';
import { callStaff } from './api.ts';
import { Busy, Done, Failure, Field, Link, PagedTable, ScreenHeading, useAction, useLoad, when } from './parts.tsx';
import { fill, words } from './words.ts';

const FIELDS = ['certificateID', 'studentName', 'regNo', 'college', 'courseName', 'marks', 'issueDate'] as const;
/** The template's columns: the certificate's own, then its programme and status, which a row may leave empty. */
const TEMPLATE_FIELDS = [...FIELDS, 'programme', 'status', 'revocationReason'] as const;

export function Certificates({ role, id }: { role: StaffMember['role']; id: string | undefined }) {
  // Certificates issued or imported here show in the list at once.
  const [written, setWritten] = useState(0);
  if (id) return <CertificateDetail id={id} canChange={role !== 'viewer'} />;
  return (
    <>
      <ScreenHeading>{words.certificates.heading}</ScreenHeading>
      <CertificateList written={written} />
      {role !== 'viewer' ? (
        <div className="columns">
          <IssueForm onWritten={() => setWritten((n) => n + 1)} />
          <ImportForm onWritten={() => setWritten((n) => n + 1)} />
        </div>
      ) : null}
    </>
  );
}

function CertificateList({ written }: { written: number }) {
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState({ search: '', page: 1 });
  const list = useLoad(
    () => callStaff('staffCertificates', { page: String(asked.page), ...(asked.search ? { search: asked.search } : {}) }),
    `${asked.page}|${asked.search}|${written}`,
  );
  return (
    <section aria-labelledby="certificate-list">
      <h2 id="certificate-list" className="visually-hidden">
        {words.certificates.heading}
      </h2>
      <form
        className="filters one"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked({ search: search.trim(), page: 1 });
        }}
      >
        <Field label={words.certificates.search}>
          {(props) => <input {...props} type="search" name="search" value={search} onChange={(e) => setSearch(e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit">{words.certificates.find}</button>
        </div>
      </form>
      <Failure message={list.failure} />
      <PagedTable
        list={list}
        items={(page) => page.items}
        onPage={(page) => setAsked({ ...asked, page })}
        caption={words.certificates.heading}
        none={words.certificates.none}
        rowKey={(c) => c.certificateID}
        columns={[
          {
            label: words.certificates.id,
            cell: (c) => (
              <>
                <Link to={`/staff/certificates/${encodeURIComponent(c.certificateID)}`}>{c.certificateID}</Link>
                {c.sample ? <span className="sub"> ({words.certificates.sample})</span> : null}
              </>
            ),
          },
          { label: words.certificates.student, cell: (c) => c.studentName },
          { label: words.certificates.course, cell: (c) => c.courseName },
          { label: words.certificates.issued, cell: (c) => c.issueDate },
          {
            label: words.certificates.status,
            cell: (c) => <span className={`status status-${c.status}`}>{c.status === 'valid' ? words.certificates.valid : words.certificates.revoked}</span>,
          },
        ]}
      />
    </section>
  );
}

function IssueForm({ onWritten }: { onWritten: () => void }) {
  const empty = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<(typeof FIELDS)[number], string>;
  const [values, setValues] = useState(empty);
  const action = useAction();
  // The next free ID is proposed (nobody invents one); she may still type another, and issuing checks it is free.
  // Asked again after each issue or refusal (a colleague may have taken the proposed ID meanwhile); a new proposal
  // replaces the field only while it holds the last one, never an ID she typed.
  const [asked, setAsked] = useState(0);
  const proposed = useRef('');
  const next = useLoad(() => callStaff('staffCertificateNextId'), `next-${asked}`);
  useEffect(() => {
    const id = next.data?.id;
    if (!id) return;
    // The last proposal read now: the updater runs later, after the ref holds the new one.
    const last = proposed.current;
    proposed.current = id;
    setValues((v) => (v.certificateID === '' || v.certificateID === last ? { ...v, certificateID: id } : v));
  }, [next.data]);
  return (
    <section className="panel" aria-labelledby="issue-heading">
      <h2 id="issue-heading">{words.certificates.issueHeading}</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          const certificate: Certificate = { ...values };
          const done = await action.run(() => callStaff('staffCertificateIssue', { certificate }));
          setAsked((n) => n + 1);
          if (!done) return;
          setValues(empty);
          onWritten();
        }}
      >
        {FIELDS.map((name) => (
          <Field key={name} label={words.certificates.fields[name]}>
            {(props) => (
              <input
                {...props}
                name={name}
                required
                type={name === 'issueDate' ? 'date' : 'text'}
                value={values[name]}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              />
            )}
          </Field>
        ))}
        <Failure message={action.failure} />
        <Done message={action.done} />
        <Busy busy={action.busy}>{words.certificates.issue}</Busy>
      </form>
    </section>
  );
}

function ImportForm({ onWritten }: { onWritten: () => void }) {
  const [fileName, setFileName] = useState('certificates.csv');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<StaffCertificateImportResponse>();
  const [busy, setBusy] = useState<'preview' | 'write'>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();

  async function send(write: boolean) {
    setBusy(write ? 'write' : 'preview');
    const result = await callStaff('staffCertificateImport', { fileName, text, write });
    setBusy(undefined);
    if (!result.ok) {
      setFailure(result.message);
      setDone(undefined);
      return;
    }
    setFailure(undefined);
    setPreview(result.data);
    setDone(write ? (result.data.message ?? '') : undefined);
    if (write && result.data.written > 0) onWritten();
  }

  const writable = preview && preview.problemCount === 0 && preview.rowCount > 0 && preview.written === 0;
  return (
    <section className="panel" aria-labelledby="import-heading">
      <h2 id="import-heading">{words.certificates.importHeading}</h2>
      <p>{words.certificates.importIntro}</p>
      <p>
        <a href={templateUrl} download="certificates-template.csv">
          {words.certificates.template}
        </a>
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
      >
        <Field label={words.certificates.file}>
          {(props) => (
            <input
              {...props}
              type="file"
              accept=".csv,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                if (!file) return;
                setFileName(file.name);
                // A workbook travels as its bytes (base64); the server reads its first sheet.
                setText(file.name.toLowerCase().endsWith('.xlsx') ? await base64Of(file) : await file.text());
                setPreview(undefined);
                setDone(undefined);
              }}
            />
          )}
        </Field>
        <Field label={words.certificates.paste}>
          {(props) => (
            <textarea
              {...props}
              name="text"
              rows={7}
              spellCheck={false}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setPreview(undefined);
                setDone(undefined);
              }}
            />
          )}
        </Field>
        <Field label={words.certificates.fileName}>
          {(props) => <input {...props} name="fileName" required value={fileName} onChange={(e) => setFileName(e.target.value)} />}
        </Field>
        <Failure message={failure} />
        <div className="actions">
          <Busy busy={busy === 'preview'} disabled={!text.trim()}>
            {words.certificates.preview}
          </Busy>
          {writable ? (
            <Busy busy={busy === 'write'} type="button" onClick={() => void send(true)}>
              {fill(words.certificates.write, { count: preview.rowCount })}
            </Busy>
          ) : null}
        </div>
      </form>
      <Done message={done} />
      {preview ? <ImportPreview preview={preview} /> : null}
    </section>
  );
}

function ImportPreview({ preview }: { preview: StaffCertificateImportResponse }) {
  return (
    <div className="preview">
      {preview.problems.length ? (
        <>
          <h3>{words.certificates.problems}</h3>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{words.certificates.line}</th>
                  <th scope="col">{words.certificates.problem}</th>
                </tr>
              </thead>
              <tbody>
                {preview.problems.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several problems; the list is fixed once read
                  <tr key={i} className="problem">
                    <td data-label={words.certificates.line} className="nowrap">
                      {p.line}
                    </td>
                    <td data-label={words.certificates.problem}>{p.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.problemCount > preview.problems.length ? (
            <p>{fill(words.certificates.moreProblems, { count: preview.problemCount - preview.problems.length })}</p>
          ) : null}
        </>
      ) : (
        <p className="done">{words.certificates.noProblems}</p>
      )}
      {preview.rowCount ? <p>{fill(words.certificates.changesCounted, { ...preview.changes, count: preview.rowCount })}</p> : null}
      {preview.rows.length ? (
        <>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{words.certificates.id}</th>
                  <th scope="col">{words.certificates.student}</th>
                  <th scope="col">{words.certificates.course}</th>
                  <th scope="col">{words.certificates.change}</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.certificateID}>
                    <td data-label={words.certificates.id}>{row.certificateID}</td>
                    <td data-label={words.certificates.student}>{row.studentName}</td>
                    <td data-label={words.certificates.course}>{row.courseName}</td>
                    <td data-label={words.certificates.change}>{words.certificates.changes[row.change]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.rowCount > preview.rows.length ? <p>{fill(words.certificates.moreRows, { count: preview.rowCount - preview.rows.length })}</p> : null}
        </>
      ) : null}
    </div>
  );
}

function CertificateDetail({ id, canChange }: { id: string; canChange: boolean }) {
  const detail = useLoad(() => callStaff('staffCertificateHistory', { id }), id);
  const [reason, setReason] = useState('');
  const action = useAction();
  const certificate = detail.data?.certificate;
  const revoked = certificate?.status === 'revoked';

  async function change() {
    const changed = await action.run(() =>
      revoked ? callStaff('staffCertificateReinstate', { id }) : callStaff('staffCertificateRevoke', { id, reason: reason.trim() }),
    );
    if (!changed) return;
    setReason('');
    void detail.reload();
  }

  return (
    <>
      <Link to="/staff/certificates" className="back">
        {words.certificates.back}
      </Link>
      <ScreenHeading>{fill(words.certificates.detailHeading, { id })}</ScreenHeading>
      <Failure message={detail.failure} />
      {detail.data && certificate ? (
        <>
          <dl className="facts">
            <dt>{words.certificates.student}</dt>
            <dd>{certificate.studentName}</dd>
            <dt>{words.certificates.fields.regNo}</dt>
            <dd>{certificate.regNo}</dd>
            <dt>{words.certificates.fields.college}</dt>
            <dd>{certificate.college}</dd>
            <dt>{words.certificates.course}</dt>
            <dd>{certificate.courseName}</dd>
            <dt>{words.certificates.fields.marks}</dt>
            <dd>{certificate.marks}</dd>
            <dt>{words.certificates.issued}</dt>
            <dd>{certificate.issueDate}</dd>
            <dt>{words.certificates.status}</dt>
            <dd>
              <span className={`status status-${certificate.status ?? 'valid'}`}>{revoked ? words.certificates.revoked : words.certificates.valid}</span>
              {revoked && certificate.revocationReason ? ` · ${certificate.revocationReason}` : ''}
            </dd>
          </dl>
          <h2>{words.certificates.links}</h2>
          <ul className="links">
            <li>
              <a href={detail.data.links.page} target="_blank" rel="noopener">
                {words.certificates.page}
              </a>
            </li>
            <li>
              <a href={detail.data.links.pdf} target="_blank" rel="noopener">
                {words.certificates.pdf}
              </a>
            </li>
            <li>
              <a href={detail.data.links.credential} target="_blank" rel="noopener">
                {words.certificates.credential}
              </a>
            </li>
          </ul>
          {canChange ? (
            <form
              className="panel"
              onSubmit={(event) => {
                event.preventDefault();
                void change();
              }}
            >
              {revoked ? null : (
                <Field label={words.certificates.reason}>
                  {(props) => <input {...props} name="reason" required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
                </Field>
              )}
              <Failure message={action.failure} />
              <Done message={action.done} />
              <Busy busy={action.busy} className={revoked ? undefined : 'danger'}>
                {revoked ? words.certificates.reinstate : words.certificates.revoke}
              </Busy>
            </form>
          ) : null}
          <h2>{words.certificates.history}</h2>
          <ol className="history">
            {detail.data.events.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is only ever added to, oldest first
              <li key={i}>
                <p className="sub">{when(e.at)}</p>
                <p>
                  {words.certificates.events[e.kind]}
                  {e.detail ? ` · ${e.detail}` : ''}
                </p>
              </li>
            ))}
          </ol>
        </>
      ) : detail.loading ? (
        <p>{words.loading}</p>
      ) : null}
    </>
  );
}

/** A file's bytes as base64, for a workbook sent in the request's text. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The template: the column titles the import reads (engine/shared/certificateColumns.ts), for a spreadsheet to fill in. */
const templateUrl = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${TEMPLATE_FIELDS.map((f) => titleOf(f)).join(',')}\r\n`)}`;
