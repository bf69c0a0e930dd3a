import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import type { StaffResult } from './api.ts';
import { fill, words } from './words.ts';

/** Moves to a console address without reloading the page. */
export function navigate(to: string): void {
  window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A link inside the console: an ordinary link (it opens in a new tab as one), followed without a reload. */
export function Link({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/** A labelled field: the label, the control (given the id), a line of help, and what is wrong with it, read with it. */
export function Field({
  label,
  help,
  error,
  children,
}: {
  label: string;
  help?: string;
  error?: string | undefined;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', help ? helpId : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...(describedBy ? { 'aria-describedby': describedBy } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
      {error ? (
        <p className="failure" id={errorId}>
          {error}
        </p>
      ) : null}
      {help ? (
        <p className="help" id={helpId}>
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** What the server said went wrong (its message), read out when it appears. */
export function Failure({ message }: { message: string | undefined }) {
  return (
    <p className="failure" role="alert" hidden={!message}>
      {message}
    </p>
  );
}

/** What the server said was done. */
export function Done({ message }: { message: string | undefined }) {
  return (
    <p className="done" role="status">
      {message}
    </p>
  );
}

/** A button that says it is working while its request is under way. */
export function Busy({ busy, children, ...rest }: { busy: boolean; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="submit" {...rest} disabled={busy || rest.disabled} aria-busy={busy}>
      {busy ? words.loading : children}
    </button>
  );
}

/** Reads a route's answer, again whenever `key` changes; the answer, the failure's message, and a way to read it again. */
export function useLoad<T>(load: () => Promise<StaffResult<T>>, key: string) {
  const [state, setState] = useState<{ data?: T; failure?: string; loading: boolean }>({ loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when to read again
  const reload = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    const result = await load();
    setState(result.ok ? { data: result.data, loading: false } : { failure: result.message, loading: false });
  }, [key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { ...state, reload };
}

/**
 * A form's request to the server: whether it is under way, and what the server said, its refusal or what was done
 * (the answer's message). `run` gives the answer's data on success, so the form can clear itself or move on.
 */
export function useAction() {
  const [state, setState] = useState<{ busy: boolean; failure?: string; done?: string }>({ busy: false });
  const run = useCallback(async <T extends { message: string }>(send: () => Promise<StaffResult<T>>): Promise<T | undefined> => {
    setState((s) => ({ ...s, busy: true }));
    const result = await send();
    setState(result.ok ? { busy: false, done: result.data.message } : { busy: false, failure: result.message });
    return result.ok ? result.data : undefined;
  }, []);
  return { ...state, run };
}

/** "1–50 of 1,234" and the previous and next pages. */
export function Pager({
  page,
  pageSize,
  total,
  atLeast,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  atLeast?: boolean;
  onPage: (page: number) => void;
}) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const numbers = { first: first.toLocaleString('en-IN'), last: last.toLocaleString('en-IN'), total: total.toLocaleString('en-IN') };
  return (
    <nav className="pager" aria-label={words.pager.nav}>
      <p>{fill(atLeast ? words.pager.rangeAtLeast : words.pager.range, numbers)}</p>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {words.pager.previous}
      </button>
      <button type="button" disabled={last >= total} onClick={() => onPage(page + 1)}>
        {words.pager.next}
      </button>
    </nav>
  );
}

/** A time as people in India read it. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
}

/** The heading of a screen, focused when the screen opens so a screen reader hears where it is. */
export function ScreenHeading({ children }: { children: ReactNode }) {
  return (
    <h1 tabIndex={-1} className="screen-heading">
      {children}
    </h1>
  );
}

/** A column of a list's table: its heading (also each cell's label in the narrow layout) and what a row shows in it. */
export interface Column<T> {
  label: string;
  /** What the column's heading shows, when it is more than its label (a "select all" box); the label names it still. */
  heading?: ReactNode;
  cell: (item: T) => ReactNode;
  className?: (item: T) => string | undefined;
}

/** A page of a list as the console's routes answer it. */
interface ListPage {
  page: number;
  pageSize: number;
  total: number;
  atLeast?: boolean;
}

/**
 * A paged list: "loading" until its first answer, then the pager and its table, or a line saying it is empty. Each
 * cell carries its column's heading, which the narrow layout shows beside it in place of the header row.
 */
export function PagedTable<P extends ListPage, T>({
  list,
  items,
  onPage,
  caption,
  none,
  columns,
  rowKey,
  rowClass,
}: {
  list: { data?: P | undefined; loading: boolean };
  items: (page: P) => T[];
  onPage: (page: number) => void;
  caption: string;
  none: string;
  columns: Column<T>[];
  rowKey: (item: T) => string | number;
  rowClass?: (item: T) => string | undefined;
}) {
  const rows = list.data ? items(list.data) : [];
  return (
    <div aria-busy={list.loading} aria-live="polite">
      {list.loading && !list.data ? <p>{words.loading}</p> : null}
      {list.data ? (
        <>
          <Pager
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            {...(list.data.atLeast ? { atLeast: true } : {})}
            onPage={onPage}
          />
          {rows.length === 0 ? (
            <p>{none}</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.label} scope="col">
                        {column.heading ?? column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((item) => (
                    <tr key={rowKey(item)} className={rowClass?.(item)}>
                      {columns.map((column) => (
                        <td key={column.label} data-label={column.label} className={column.className?.(item)}>
                          {column.cell(item)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
