import { useState } from 'react';
import type { StaffMember, StaffPendingInvitation } from '../../engine/types.ts';
import { callStaff } from './api.ts';
import { Busy, Done, Failure, Field, ScreenHeading, useAction, useLoad, when } from './parts.tsx';
import { fill, words } from './words.ts';

type Role = StaffMember['role'];

export function Members({ self }: { self: number }) {
  const list = useLoad(() => callStaff('staffMembers'), 'members');
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  return (
    <>
      <ScreenHeading>{words.members.heading}</ScreenHeading>
      <Failure message={list.failure ?? failure} />
      <Done message={done} />
      <div aria-busy={list.loading}>
        {list.loading && !list.data ? <p>{words.loading}</p> : null}
        {list.data ? (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">{words.members.heading}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.members.name}</th>
                  <th scope="col">{words.members.role}</th>
                  <th scope="col">{words.members.secondFactor}</th>
                  <th scope="col">{words.members.added}</th>
                  <th scope="col">
                    <span className="visually-hidden">{words.members.remove.replace(' {name}', '')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.members.map((m) => (
                  <tr key={m.id}>
                    <td data-label={words.members.name}>
                      {m.fullName}
                      <span className="sub">{m.email}</span>
                    </td>
                    <td data-label={words.members.role}>{words.roles[m.role]}</td>
                    <td data-label={words.members.secondFactor}>{m.secondFactor ? words.members.set : words.members.notSet}</td>
                    <td data-label={words.members.added}>
                      {when(m.addedAt)}
                      <span className="sub">{m.addedBy}</span>
                    </td>
                    <td>
                      {m.id === self ? null : (
                        <button
                          type="button"
                          className="danger"
                          onClick={async () => {
                            if (!window.confirm(fill(words.members.confirmRemove, { name: m.fullName || m.email }))) return;
                            const result = await callStaff('staffRemove', { userId: m.id });
                            if (!result.ok) {
                              setFailure(result.message);
                              setDone(undefined);
                              return;
                            }
                            setFailure(undefined);
                            setDone(result.data.message);
                            void list.reload();
                          }}
                        >
                          {fill(words.members.remove, { name: m.fullName || m.email })}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      {list.data ? (
        <Invitations
          invitations={list.data.invitations}
          onWithdrawn={(message) => {
            setFailure(undefined);
            setDone(message);
            void list.reload();
          }}
          onFailed={(message) => {
            setFailure(message);
            setDone(undefined);
          }}
        />
      ) : null}
      <Invite onInvited={() => void list.reload()} />
    </>
  );
}

/** The invitations not yet accepted, each with its Withdraw button: its link stops working at once. */
function Invitations({
  invitations,
  onWithdrawn,
  onFailed,
}: {
  invitations: StaffPendingInvitation[];
  onWithdrawn: (message: string) => void;
  onFailed: (message: string) => void;
}) {
  return (
    <section className="panel" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">{words.members.invitationsHeading}</h2>
      {invitations.length === 0 ? (
        <p>{words.members.noInvitations}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{words.members.invitationsHeading}</caption>
            <thead>
              <tr>
                <th scope="col">{words.members.email}</th>
                <th scope="col">{words.members.role}</th>
                <th scope="col">{words.members.invited}</th>
                <th scope="col">{words.members.expires}</th>
                <th scope="col">
                  <span className="visually-hidden">{words.members.withdraw}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((i) => (
                <tr key={i.id}>
                  <td data-label={words.members.email}>{i.email}</td>
                  <td data-label={words.members.role}>{words.roles[i.role]}</td>
                  <td data-label={words.members.invited}>
                    {when(i.createdAt)}
                    <span className="sub">{i.invitedBy}</span>
                  </td>
                  <td data-label={words.members.expires}>{when(i.expiresAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="danger"
                      aria-label={fill(words.members.withdrawLabel, { email: i.email })}
                      onClick={async () => {
                        if (!window.confirm(fill(words.members.confirmWithdraw, { email: i.email }))) return;
                        const result = await callStaff('staffWithdrawInvitation', { id: i.id });
                        if (result.ok) onWithdrawn(result.data.message);
                        else onFailed(result.message);
                      }}
                    >
                      {words.members.withdraw}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Invite({ onInvited }: { onInvited: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('staff');
  const action = useAction();
  return (
    <section className="panel" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{words.members.inviteHeading}</h2>
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!(await action.run(() => callStaff('staffInvite', { email: email.trim(), role })))) return;
          setEmail('');
          onInvited();
        }}
      >
        <Field label={words.members.email}>
          {(props) => <input {...props} name="email" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Field label={words.members.role}>
          {(props) => (
            <select {...props} name="role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
              {(['staff', 'viewer', 'owner'] as const).map((r) => (
                <option key={r} value={r}>
                  {words.roles[r]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Failure message={action.failure} />
        <Done message={action.done} />
        <Busy busy={action.busy}>{words.members.invite}</Busy>
      </form>
    </section>
  );
}
