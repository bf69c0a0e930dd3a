import { useState } from 'react';
import type { StaffMember } from '../../engine/types.ts';
import { callStaff } from './api.ts';
import { Busy, Done, Failure, Field, useLoad, when } from './parts.tsx';
import { fill, words } from './words.ts';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; message: string; setup?: { secret: string; uri: string; qr: string } }
  | { kind: 'recovery'; staff: StaffMember; codes: string[] };

/** Password, then the authenticator's code (on the first sign-in: its setup), then the recovery codes shown once. */
export function SignIn({ onSignedIn, notice, email: known }: { onSignedIn: (staff: StaffMember) => void; notice?: string; email?: string }) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  // The address of an invitation just accepted is kept: nobody types it twice.
  const [email, setEmail] = useState(known ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  if (step.kind === 'recovery') {
    return (
      <section className="panel narrow" aria-labelledby="recovery-heading">
        <h1 id="recovery-heading">{words.signIn.recoveryHeading}</h1>
        <p>{words.signIn.recoveryIntro}</p>
        <ul className="codes" aria-label={words.signIn.recoveryHeading}>
          {step.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => onSignedIn(step.staff)}>
          {words.signIn.recoverySaved}
        </button>
      </section>
    );
  }

  if (step.kind === 'code') {
    return (
      <section className="panel narrow" aria-labelledby="code-heading">
        <h1 id="code-heading">{step.setup ? words.signIn.setupHeading : words.signIn.codeHeading}</h1>
        <Done message={step.message} />
        {step.setup ? (
          <>
            <p>{words.signIn.setupIntro}</p>
            {/* The server draws the QR code (SVG); shown as a picture, so nothing of it runs in the page. */}
            <img
              className="qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qr)}`}
              alt={words.signIn.qr}
              width={220}
              height={220}
              data-testid="totp-qr"
            />
            <dl className="setup">
              <dt>{words.signIn.secret}</dt>
              <dd>
                <code data-testid="totp-secret">{step.setup.secret}</code>
              </dd>
              <dt>{words.signIn.uri}</dt>
              <dd>
                <code className="wrap">{step.setup.uri}</code>
              </dd>
            </dl>
          </>
        ) : null}
        <form
          onSubmit={async (event) => {
            event.preventDefault();
            setBusy(true);
            const result = await callStaff('staffSecondFactor', { code: code.trim() });
            setBusy(false);
            if (!result.ok) {
              setFailure(result.message);
              return;
            }
            setFailure(undefined);
            if (result.data.recoveryCodes?.length) setStep({ kind: 'recovery', staff: result.data.staff, codes: result.data.recoveryCodes });
            else onSignedIn(result.data.staff);
          }}
        >
          <Field label={words.signIn.code} help={step.setup ? undefined : words.signIn.codeHelp}>
            {(props) => (
              <input {...props} name="code" autoComplete="one-time-code" inputMode="text" required value={code} onChange={(e) => setCode(e.target.value)} />
            )}
          </Field>
          <Failure message={failure} />
          <div className="actions">
            <Busy busy={busy}>{words.signIn.codeSubmit}</Busy>
            <button
              type="button"
              className="quiet"
              onClick={() => {
                setStep({ kind: 'password' });
                setCode('');
                setFailure(undefined);
              }}
            >
              {words.signIn.startAgain}
            </button>
          </div>
        </form>
      </section>
    );
  }

  return (
    <section className="panel narrow" aria-labelledby="signin-heading">
      <h1 id="signin-heading">{words.signIn.heading}</h1>
      {notice ? <Done message={notice} /> : null}
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          const result = await callStaff('staffLogin', { email, password });
          setBusy(false);
          if (!result.ok) {
            setFailure(result.message);
            return;
          }
          setFailure(undefined);
          setPassword('');
          setStep({ kind: 'code', message: result.data.message, ...(result.data.setup ? { setup: result.data.setup } : {}) });
        }}
      >
        <Field label={words.signIn.email}>
          {(props) => <input {...props} name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field label={words.signIn.password}>
          {(props) => (
            <input
              {...props}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Failure message={failure} />
        <Busy busy={busy}>{words.signIn.submit}</Busy>
      </form>
    </section>
  );
}

/** /staff/#invitation=TOKEN: who it is for, then a password for the account (or its existing one), then on to sign in. */
export function AcceptInvitation({ token, onAccepted }: { token: string; onAccepted: (message: string, email: string) => void }) {
  const invitation = useLoad(() => callStaff('staffInvitation', { token }), token);
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const found = invitation.data;
  return (
    <section className="panel narrow" aria-labelledby="invitation-heading">
      <h1 id="invitation-heading">{words.invitation.heading}</h1>
      <Failure message={invitation.failure} />
      {invitation.loading && !found ? <p>{words.invitation.checking}</p> : null}
      {found ? (
        <>
          <p data-testid="invited-address">
            {fill(words.invitation.invited, { email: found.email, role: words.roles[found.role], until: when(found.expiresAt) })}
          </p>
          <p>{found.hasAccount ? words.invitation.existingAccount : words.invitation.newAccount}</p>
          <form
            onSubmit={async (event) => {
              event.preventDefault();
              setBusy(true);
              const result = await callStaff('staffAcceptInvitation', { token, password, ...(fullName.trim() ? { fullName: fullName.trim() } : {}) });
              setBusy(false);
              if (!result.ok) {
                setFailure(result.message);
                return;
              }
              onAccepted(result.data.message, found.email);
            }}
          >
            {/* The address, for password managers to file the new password under; it is not asked for. */}
            <input type="hidden" name="username" autoComplete="username" value={found.email} />
            {found.hasAccount ? null : (
              <Field label={words.invitation.yourName}>
                {(props) => <input {...props} name="fullName" autoComplete="name" required value={fullName} onChange={(e) => setFullName(e.target.value)} />}
              </Field>
            )}
            <Field label={found.hasAccount ? words.invitation.accountPassword : words.invitation.newPassword}>
              {(props) => (
                <input
                  {...props}
                  name="password"
                  type="password"
                  autoComplete={found.hasAccount ? 'current-password' : 'new-password'}
                  required
                  minLength={found.hasAccount ? undefined : 6}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
            </Field>
            <Failure message={failure} />
            <Busy busy={busy}>{words.invitation.submit}</Busy>
          </form>
        </>
      ) : null}
    </section>
  );
}
