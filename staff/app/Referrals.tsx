import { useEffect, useState } from 'react';
import type { StaffMember, StaffPayoutBatch, StaffPendingCredit } from '../../engine/types.ts';
import { callStaff } from './api.ts';
import { Busy, Done, Failure, ScreenHeading, useLoad, when } from './parts.tsx';
import { fill, fillCount, words } from './words.ts';

/** Owners review credits; everyone else is told who does, and whom to ask. */
export function Referrals({ role }: { role: StaffMember['role'] }) {
  return role === 'owner' ? <Review /> : <WhoReviews />;
}

function WhoReviews() {
  const reviewers = useLoad(() => callStaff('staffReferralsReviewers'), 'reviewers');
  const owners = reviewers.data?.owners ?? [];
  return (
    <>
      <ScreenHeading>{words.referrals.heading}</ScreenHeading>
      <Failure message={reviewers.failure} />
      {reviewers.data ? (
        <p data-testid="who-reviews">
          {owners.length
            ? fill(words.referrals.notYours, { owners: owners.map((o) => (o.name === o.email ? o.email : `${o.name} (${o.email})`)).join(words.referrals.or) })
            : words.referrals.nobody}
        </p>
      ) : (
        <p>{words.loading}</p>
      )}
    </>
  );
}

/** How alike the friend's address is to the referrer's or another friend's that day, in words. */
function likeness(c: StaffPendingCredit): string {
  if (!c.likeTo || c.likeness < 0.5) return words.referrals.likeNot;
  return fill(c.likeness >= 0.8 ? words.referrals.likeVery : words.referrals.likeSome, { address: c.likeTo });
}

function Review() {
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
              <p role="status">{fillCount(words.referrals.selected, selected.size)}</p>
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
                        {c.creditsThatDay > 3
                          ? fill(words.referrals.thatDayMany, { count: c.creditsThatDay })
                          : fillCount(words.referrals.thatDayCount, c.creditsThatDay)}
                      </td>
                      <td data-label={words.referrals.likeness} className={c.likeness >= 0.8 ? 'warn' : undefined}>
                        {likeness(c)}
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
      <Payout batches={list.data?.batches ?? []} onChange={() => void list.reload()} />
    </>
  );
}

/**
 * The payout in two steps: making the file marks nothing paid; the owner marks it paid once it is downloaded (or
 * later, from the list of files not yet marked paid), after a confirmation.
 */
function Payout({ batches, onChange }: { batches: StaffPayoutBatch[]; onChange: () => void }) {
  const [busy, setBusy] = useState<number | 'make'>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [file, setFile] = useState<{ url: string; batch: number; made: string }>();
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  async function markPaid(batch: number, credits: number) {
    if (!window.confirm(fill(words.referrals.confirmPaid, { batch, credits: fillCount(words.referrals.credits, credits) }))) return;
    setBusy(batch);
    const result = await callStaff('staffReferralsPayoutPaid', { batch });
    setBusy(undefined);
    setFailure(result.ok ? undefined : result.message);
    setDone(result.ok ? result.data.message : undefined);
    if (result.ok && file?.batch === batch) setFile(undefined);
    onChange();
  }

  return (
    <section className="panel" aria-labelledby="payout-heading">
      <h2 id="payout-heading">{words.referrals.payoutHeading}</h2>
      <p>{words.referrals.payoutIntro}</p>
      <Busy
        busy={busy === 'make'}
        type="button"
        disabled={busy !== undefined}
        onClick={async () => {
          setBusy('make');
          const result = await callStaff('staffReferralsPayout');
          setBusy(undefined);
          setDone(undefined);
          if (!result.ok) {
            setFailure(result.message);
            return;
          }
          setFailure(undefined);
          const { batch, csv, message } = result.data;
          setFile(batch === null ? undefined : { url: URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' })), batch, made: message });
          if (batch === null) setDone(message);
          onChange();
        }}
      >
        {words.referrals.payout}
      </Busy>
      <Failure message={failure} />
      {file ? (
        <div data-testid="payout-file">
          <p role="status">{file.made}</p>
          <p>
            <a href={file.url} download={`payout-${file.batch}-${new Date().toISOString().slice(0, 10)}.csv`}>
              {fill(words.referrals.download, { batch: file.batch })}
            </a>
          </p>
        </div>
      ) : null}
      {batches.length ? (
        <>
          <h3>{words.referrals.waitingHeading}</h3>
          <ul className="batches">
            {batches.map((b) => (
              <li key={b.id}>
                {fill(words.referrals.waiting, {
                  batch: b.id,
                  when: when(b.madeAt),
                  by: b.madeBy,
                  credits: fillCount(words.referrals.credits, b.credits),
                  rupees: b.rupees.toLocaleString('en-IN'),
                })}{' '}
                {b.unpaidCredits !== b.credits
                  ? fill(words.referrals.waitingUnpaid, {
                      credits: fillCount(words.referrals.credits, b.unpaidCredits),
                      rupees: b.unpaidRupees.toLocaleString('en-IN'),
                    })
                  : null}{' '}
                <Busy busy={busy === b.id} type="button" disabled={busy !== undefined} onClick={() => void markPaid(b.id, b.unpaidCredits)}>
                  {fill(words.referrals.markPaid, { batch: b.id })}
                </Busy>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Done message={done} />
    </section>
  );
}
