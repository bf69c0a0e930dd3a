import type { StaffMember } from '../../engine/types.ts';
import { callStaff } from './api.ts';
import { Failure, Link, ScreenHeading, useLoad } from './parts.tsx';
import { fill, words } from './words.ts';

export function Home({ role }: { role: StaffMember['role'] }) {
  const overview = useLoad(() => callStaff('staffOverview'), 'overview');
  return (
    <>
      <ScreenHeading>{words.home.heading}</ScreenHeading>
      <Failure message={overview.failure} />
      <div className="tiles" aria-busy={overview.loading}>
        <section className="tile">
          <h2>{words.home.openApplications}</h2>
          <p className="count" data-testid="open-applications">
            {overview.data ? overview.data.openApplications.toLocaleString('en-IN') : words.loading}
          </p>
          <Link to="/staff/applications?open=yes">{words.home.openBoard}</Link>
        </section>
        <section className={`tile${overview.data?.closingSoon ? ' attention' : ''}`}>
          <h2>{fill(words.home.closingSoon, { days: overview.data?.closingWithinDays ?? '…' })}</h2>
          <p className="count" data-testid="closing-soon">
            {overview.data ? overview.data.closingSoon.toLocaleString('en-IN') : words.loading}
          </p>
          <p className="help">{words.home.closingSoonHelp}</p>
          <Link to="/staff/applications?closing=yes">{words.home.seeClosing}</Link>
        </section>
        <section className="tile">
          <h2>{words.home.newEnquiries}</h2>
          <p className="count" data-testid="new-enquiries">
            {overview.data ? overview.data.newEnquiries.toLocaleString('en-IN') : words.loading}
          </p>
          <Link to="/staff/enquiries?status=new">{words.home.open}</Link>
        </section>
        {role === 'owner' ? (
          <section className="tile">
            <h2>{words.home.pendingReferrals}</h2>
            <p className="count">{overview.data ? overview.data.pendingReferrals.toLocaleString('en-IN') : words.loading}</p>
            <Link to="/staff/referrals">{words.home.review}</Link>
          </section>
        ) : null}
        {role !== 'viewer' ? (
          <section className="tile">
            <h2>{words.home.paymentsReported}</h2>
            <p className="count" data-testid="payments-reported">
              {overview.data ? overview.data.paymentsReported.toLocaleString('en-IN') : words.loading}
            </p>
            <Link to="/staff/payments?status=paymentReported">{words.home.confirmPayments}</Link>
          </section>
        ) : null}
      </div>
    </>
  );
}
