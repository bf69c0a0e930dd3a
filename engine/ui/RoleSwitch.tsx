import { type ReactNode, useId } from 'react';
import styles from './RoleSwitch.module.css';
import { useRoleChoice } from './useRoleChoice.ts';

interface Props<R extends { id: string; title: string }> {
  roles: readonly R[];
  defaultRole: string;
  /** The list's label (Select Role) and the sentence read with it. */
  label: string;
  help: string;
  /** The figures shown under each role's name, so roles compare without a tap: ["₹6,000/month", "8 weeks"]. */
  summary: (role: R) => string[];
  /** One role's details; every role's are in the page, and the stylesheet shows the chosen one's. */
  details: (role: R, chosen: boolean) => ReactNode;
  /** Roles whose button is left out of the list for now (filters carried from the finder); the chosen one always shows. */
  hide?: (role: R) => boolean;
  /** Shown above the list (which filters were carried, and the way back to them). */
  above?: ReactNode;
  /** The chosen role's part at the very top (its Apply, on a phone a screen and more above its details): drawn for every role, shown by the stylesheet as the details are. */
  lead?: (role: R) => ReactNode;
  /** Shown under the list's buttons, inside the group (what their words mean). */
  below?: ReactNode;
}

/**
 * A list of roles as native radio buttons (arrow keys move between them) with
 * every role's details below. The stylesheet shows the details of the checked
 * radio, so choosing works from first paint; see useRoleChoice for what the
 * script adds.
 */
export function RoleSwitch<R extends { id: string; title: string }>({ roles, defaultRole, label, help, summary, details, hide, above, below, lead }: Props<R>) {
  const { initial, current, choose, rootRef } = useRoleChoice(roles, defaultRole);
  const name = useId();
  const helpId = useId();
  return (
    <div ref={rootRef} className={styles.switch}>
      {lead ? (
        <div className={styles.leads}>
          {roles.map((role) => (
            <div key={role.id} className={styles.lead}>
              {lead(role)}
            </div>
          ))}
        </div>
      ) : null}
      {above}
      <fieldset className={styles.chooser} aria-describedby={helpId}>
        <legend className={styles.legend}>{label}</legend>
        <span id={helpId} className="sr-only">
          {help}
        </span>
        <div className={styles.options}>
          {roles.map((role) => (
            <label key={role.id} className={styles.option} hidden={role.id !== current && hide?.(role)}>
              <input type="radio" name={name} value={role.id} defaultChecked={role.id === initial} onChange={() => choose(role.id)} className={styles.input} />
              <span className={styles.name}>{role.title}</span>
              <span className={styles.summary}>
                {summary(role).map((part, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a role's figures are fixed, in a fixed order
                  <span key={i}>{part}</span>
                ))}
              </span>
            </label>
          ))}
        </div>
        {below}
      </fieldset>
      <div className={styles.panels}>
        {roles.map((role) => (
          <div key={role.id} className={styles.panel} data-role-panel={role.id}>
            {details(role, role.id === initial)}
          </div>
        ))}
      </div>
    </div>
  );
}
