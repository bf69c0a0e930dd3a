import { useEffect, useState } from 'react';
import { callStaff } from './api.ts';
import { Busy, Done, Failure, ScreenHeading, useLoad, when } from './parts.tsx';
import { fill, words } from './words.ts';

export function Referrals() {
  const list = useLoad(() => callStaff('staffReferrals'), 'referrals');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<'approve' | 'refuse'>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const credits = list.data?.credits ?? [];
  // Credits decided elsewhere leave the selection.
  useEffect(() => {
    setSelected((s) => new Set([...s].filter((id) => credits.some((c) => c.id === id))));
  }, [credits]);

  async function decide(decision: 'approve' | 'refuse') {
    setBusy(decision);
    const result = await callStaff('staffReferralsDecide', { ids: [...selected], decision });
    setBusy(undefined);
    if (!result.ok) {
      setFailure(result.message);
      setDone(undefined);
      return;
    }
    setFailure(undefined);
    setDone(result.data.message);
    setSelected(new Set());
    void list.reload();
  }

  const all = credits.length > 0 && selected.size === credits.length;
  return (
    <>
      <ScreenHeading>{words.referrals.heading}</ScreenHeading>
      <Failure message={list.failure} />
      <div aria-busy={list.loading}>
        {list.loading && !list.data ? <p>{words.loading}</p> : null}
        {list.data && credits.length === 0 ? <p>{words.referrals.none}</p> : null}
        {credits.length ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
            }}
          >
            <div className="actions sticky">
              <p role="status">{fill(words.referrals.selected, { count: selected.size })}</p>
              <Busy busy={busy === 'approve'} type="button" disabled={selected.size === 0 || busy !== undefined} onClick={() => void decide('approve')}>
                {words.referrals.approve}
              </Busy>
              <Busy
                busy={busy === 'refuse'}
                type="button"
                className="danger"
                disabled={selected.size === 0 || busy !== undefined}
                onClick={() => void decide('refuse')}
              >
                {words.referrals.refuse}
              </Busy>
            </div>
            <Failure message={failure} />
            <div className="table-wrap">
              <table>
                <caption className="visually-hidden">{words.referrals.heading}</caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label={words.referrals.selectAll}
                        checked={all}
                        onChange={() => setSelected(all ? new Set() : new Set(credits.map((c) => c.id)))}
                      />
                    </th>
                    <th scope="col">{words.referrals.referrer}</th>
                    <th scope="col">{words.referrals.friend}</th>
                    <th scope="col">{words.referrals.confirmed}</th>
                    <th scope="col">{words.referrals.thatDay}</th>
                    <th scope="col">{words.referrals.likeness}</th>
                    <th scope="col">{words.referrals.reward}</th>
                    <th scope="col">{words.referrals.when}</th>
                  </tr>
                </thead>
                <tbody>
                  {credits.map((c) => (
                    <tr key={c.id} className={selected.has(c.id) ? 'selected' : undefined}>
                      <td data-label={words.referrals.select}>
                        <input
                          type="checkbox"
                          aria-label={`${words.referrals.select}: ${c.referrerName} → ${c.friendEmail ?? '—'}`}
                          checked={selected.has(c.id)}
                          onChange={() => {
                            const next = new Set(selected);
                            if (next.has(c.id)) next.delete(c.id);
                            else next.add(c.id);
                            setSelected(next);
                          }}
                        />
                      </td>
                      <td data-label={words.referrals.referrer}>
                        {c.referrerName}
                        <span className="sub">{c.referrerEmail}</span>
                      </td>
                      <td data-label={words.referrals.friend}>{c.friendEmail ?? '—'}</td>
                      <td data-label={words.referrals.confirmed}>
                        <span className={c.friendConfirmed ? 'status status-valid' : 'status status-revoked'}>
                          {c.friendConfirmed ? words.referrals.yes : words.referrals.no}
                        </span>
                      </td>
                      <td data-label={words.referrals.thatDay} className={c.creditsThatDay > 3 ? 'warn' : undefined}>
                        {c.creditsThatDay}
                      </td>
                      <td data-label={words.referrals.likeness} className={c.likeness >= 0.8 ? 'warn' : undefined}>
                        {Math.round(c.likeness * 100)}%
                      </td>
                      <td data-label={words.referrals.reward} className="nowrap">
                        ₹{c.reward}
                      </td>
                      <td data-label={words.referrals.when}>{when(c.creditedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </form>
        ) : null}
        <Done message={done} />
      </div>
      <Payout />
    </>
  );
}

function Payout() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [file, setFile] = useState<{ url: string; summary: string }>();
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);
  return (
    <section className="panel" aria-labelledby="payout-heading">
      <h2 id="payout-heading">{words.referrals.payoutHeading}</h2>
      <p>{words.referrals.payoutIntro}</p>
      <Busy
        busy={busy}
        type="button"
        onClick={async () => {
          setBusy(true);
          const result = await callStaff('staffReferralsPayout');
          setBusy(false);
          if (!result.ok) {
            setFailure(result.message);
            return;
          }
          setFailure(undefined);
          setFile({
            url: URL.createObjectURL(new Blob([result.data.csv], { type: 'text/csv;charset=utf-8' })),
            summary: fill(words.referrals.payoutDone, { count: result.data.count, rupees: result.data.rupees.toLocaleString('en-IN') }),
          });
        }}
      >
        {words.referrals.payout}
      </Busy>
      <Failure message={failure} />
      {file ? (
        <p role="status">
          {file.summary}{' '}
          <a href={file.url} download={`payout-${new Date().toISOString().slice(0, 10)}.csv`}>
            {words.referrals.download}
          </a>
        </p>
      ) : null}
    </section>
  );
}
