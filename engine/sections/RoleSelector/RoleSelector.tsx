import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatRupees } from '../../format/money.ts';
import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { useHydrated } from '../../runtime/useHydrated.ts';
import type { RoleSelectorSection } from '../../types.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { RoleChooser } from '../../ui/RoleChooser.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from '../../ui/RoleDetails.module.css';

/**
 * An internship stream. The chosen role lives in the address (?role=…), so it
 * can be shared and the back button restores the previous role; before the
 * page has hydrated, the default role is shown, as in the prerendered HTML.
 */
export default function RoleSelector({ id, title, intro, roles, defaultRole, apply }: RoleSelectorSection) {
  const allUi = useUi();
  const ui = allUi.roleSelector;
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const fromAddress = hydrated ? params.get('role') : null;
  // The choice shows at once; the address catches up in a navigation transition. Back/forward clears it.
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => setChosen(null), [fromAddress]);
  const requested = chosen ?? fromAddress;
  const role = roles.find((r) => r.id === requested) ?? roles.find((r) => r.id === defaultRole) ?? roles[0]!;
  const detailsId = useId();
  const Sub = useSubheadingTag();
  const choose = (roleId: string) => {
    setChosen(roleId);
    const next = new URLSearchParams(params);
    next.set('role', roleId);
    setParams(next, { preventScrollReset: true });
  };
  const d = role.details;
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <RoleChooser label={ui.select} help={ui.selectHelp} options={roles.map((r) => ({ id: r.id, title: r.title }))} selected={role.id} onChoose={choose} />
      <div id={detailsId} className={styles.details} aria-live="polite">
        <div className={styles.intro}>
          <img src={role.image} alt="" width={640} height={400} className={styles.image} />
          <div>
            <Sub className={styles.roleTitle}>{role.title}</Sub>
            <p className={styles.description}>{role.description}</p>
            <SmartLink href={apply.href} newTab={apply.newTab ?? true} className="button">
              {apply.label}
              <span className="sr-only">: {role.title}</span>
            </SmartLink>
          </div>
        </div>
        <div className={styles.columns}>
          <div className={`card ${styles.panel}`}>
            <h3 className={styles.panelTitle}>{ui.detailsTitle}</h3>
            <dl className={styles.facts}>
              <div><dt><ClockIcon />{ui.duration}</dt><dd data-fact="duration">{fill(allUi.course.weeks, { count: d.durationWeeks })}</dd></div>
              <div><dt><WalletIcon />{ui.stipend}</dt><dd data-fact="stipend">{fill(ui.perMonth, { amount: formatRupees(d.stipend) })}</dd></div>
              <div><dt><MapPinIcon />{ui.location}</dt><dd data-fact="location">{d.location} · {d.mode}</dd></div>
              <div><dt><GradIcon />{ui.eligibility}</dt><dd data-fact="eligibility">{d.eligibility}</dd></div>
            </dl>
          </div>
          <div className={`card ${styles.panel}`}>
            <h3 className={styles.panelTitle}>{ui.gainsTitle}</h3>
            <ul className="check-list">
              {ui.gains.map((gain) => (
                <li key={gain}>{fill(gain, { role: role.title })}</li>
              ))}
            </ul>
          </div>
          <div className={`card ${styles.panel}`}>
            <h3 className={styles.panelTitle}>{ui.skillsTitle}</h3>
            <ul className={styles.chips}>
              {d.skills.map((skill) => (
                <li key={skill}>{skill}</li>
              ))}
            </ul>
          </div>
          <div className={`card ${styles.panel}`}>
            <h3 className={styles.panelTitle}>{ui.responsibilitiesTitle}</h3>
            <ul className="check-list">
              {d.responsibilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </SectionShell>
  );
}
