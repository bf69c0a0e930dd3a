import { useState } from 'react';
import type { StaffMember } from '../../engine/types.ts';
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
      <Invite onInvited={() => void list.reload()} />
    </>
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
