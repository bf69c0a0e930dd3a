import { useEffect, useState } from 'react';
import type { StaffMember } from '../../engine/types.ts';
import { Applications } from './Applications.tsx';
import { Audit } from './Audit.tsx';
import { callStaff } from './api.ts';
import { Certificates } from './Certificates.tsx';
import { Enquiries } from './Enquiries.tsx';
import { Home } from './Home.tsx';
import { Members } from './Members.tsx';
import { Payments, PaymentsWaiting } from './Payments.tsx';
import { Link, navigate } from './parts.tsx';
import { Referrals } from './Referrals.tsx';
import { AcceptInvitation, SignIn } from './SignIn.tsx';
import { fill, words } from './words.ts';

type Role = StaffMember['role'];

/** The console's screens: their address under /staff, and the roles that see them. */
const screens = [
  { path: '/staff/', name: words.nav.home, roles: ['owner', 'staff', 'viewer'] },
  { path: '/staff/applications', name: words.nav.applications, roles: ['owner', 'staff', 'viewer'] },
  { path: '/staff/enquiries', name: words.nav.enquiries, roles: ['owner', 'staff', 'viewer'] },
  { path: '/staff/certificates', name: words.nav.certificates, roles: ['owner', 'staff', 'viewer'] },
  { path: '/staff/payments', name: words.nav.payments, roles: ['owner', 'staff'] },
  // Everyone sees it: owners review there, the rest read who does.
  { path: '/staff/referrals', name: words.nav.referrals, roles: ['owner', 'staff', 'viewer'] },
  { path: '/staff/members', name: words.nav.members, roles: ['owner'] },
  { path: '/staff/audit', name: words.nav.audit, roles: ['owner'] },
] as const satisfies readonly { path: string; name: string; roles: readonly Role[] }[];

function usePath(): string {
  const [path, setPath] = useState(window.location.pathname + window.location.search);
  useEffect(() => {
    const update = () => setPath(window.location.pathname + window.location.search);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}

function invitationToken(): string | undefined {
  return /^#invitation=([^&]+)/.exec(window.location.hash)?.[1];
}

export function StaffApp() {
  const [staff, setStaff] = useState<StaffMember | null | undefined>(undefined);
  const [token, setToken] = useState(invitationToken);
  const [notice, setNotice] = useState<string>();
  const [invitedEmail, setInvitedEmail] = useState<string>();
  const address = usePath();
  const path = address.split('?')[0]!;
  const query = address.includes('?') ? address.slice(address.indexOf('?')) : '';

  useEffect(() => {
    void callStaff('staffMe').then((result) => {
      setStaff(result.ok ? result.data.staff : null);
      // The mark the site's pages set once their script has taken over (tests wait for it before clicking).
      document.documentElement.setAttribute('data-live', '');
    });
  }, []);

  // A new screen: its heading takes the focus, so keyboard and screen-reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address or session is a new screen
  useEffect(() => {
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [path, staff]);

  if (staff === undefined) {
    return (
      <main id="main" className="page" aria-busy="true">
        <p>{words.loading}</p>
      </main>
    );
  }

  if (token) {
    return (
      <main id="main" className="page">
        <AcceptInvitation
          token={token}
          onAccepted={(message, email) => {
            window.history.replaceState(null, '', '/staff/');
            setToken(undefined);
            setStaff(null);
            setNotice(message);
            setInvitedEmail(email);
          }}
        />
      </main>
    );
  }

  if (!staff) {
    return (
      <main id="main" className="page">
        <SignIn
          {...(notice ? { notice } : {})}
          {...(invitedEmail ? { email: invitedEmail } : {})}
          onSignedIn={(member) => {
            setNotice(undefined);
            setStaff(member);
          }}
        />
      </main>
    );
  }

  const mine = screens.filter((s) => (s.roles as readonly Role[]).includes(staff.role));
  const current = mine.find((s) => s.path !== '/staff/' && (path === s.path || path.startsWith(`${s.path}/`))) ?? mine[0]!;
  const rest = path.slice(current.path.length).replace(/^\//, '');

  return (
    <>
      <a className="skip" href="#main">
        {words.skip}
      </a>
      <header className="top">
        <p className="brand">{words.title}</p>
        <nav aria-label={words.title}>
          <ul>
            {mine.map((s) => (
              <li key={s.path}>
                <Link to={s.path} {...(s === current ? { className: 'current' } : {})}>
                  {s.name}
                  {s.path === '/staff/payments' ? <PaymentsWaiting path={path} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <p>{fill(words.signedInAs, { name: staff.fullName || staff.email, role: words.roles[staff.role] })}</p>
          <button
            type="button"
            className="quiet"
            onClick={async () => {
              await callStaff('staffLogout');
              navigate('/staff/');
              setStaff(null);
            }}
          >
            {words.signOut}
          </button>
        </div>
      </header>
      <main id="main" className="page">
        {current.path === '/staff/' ? <Home role={staff.role} /> : null}
        {current.path === '/staff/applications' ? <Applications role={staff.role} rest={rest} query={query} /> : null}
        {current.path === '/staff/enquiries' ? <Enquiries role={staff.role} query={query} /> : null}
        {current.path === '/staff/certificates' ? <Certificates role={staff.role} id={rest ? decodeURIComponent(rest) : undefined} /> : null}
        {current.path === '/staff/payments' ? <Payments role={staff.role} rest={rest} query={query} /> : null}
        {current.path === '/staff/referrals' ? <Referrals role={staff.role} /> : null}
        {current.path === '/staff/members' ? <Members self={staff.id} /> : null}
        {current.path === '/staff/audit' ? <Audit /> : null}
      </main>
    </>
  );
}
