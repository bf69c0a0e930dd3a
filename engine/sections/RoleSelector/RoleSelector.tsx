import { useId } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { RoleSelectorSection } from '../../types.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { RoleChooser } from '../../ui/RoleChooser.tsx';
import styles from '../../ui/RoleDetails.module.css';
import { RoleIntro, RolePanel } from '../../ui/RoleDetails.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { TextList } from '../../ui/TextList.tsx';
import { useRoleFromAddress } from '../../ui/useRoleFromAddress.ts';

/** An internship stream: Select Role, then the chosen role's picture, description, gains, details, skills and responsibilities. */
export default function RoleSelector({ id, title, intro, roles, defaultRole, apply }: RoleSelectorSection) {
  const allUi = useUi();
  const ui = allUi.roleSelector;
  const { role, choose } = useRoleFromAddress(roles, defaultRole);
  const detailsId = useId();
  const d = role.details;
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <RoleChooser label={ui.select} help={ui.selectHelp} options={roles.map((r) => ({ id: r.id, title: r.title }))} selected={role.id} onChoose={choose} />
      <div id={detailsId} className={styles.details} aria-live="polite">
        <RoleIntro role={role} apply={apply} />
        <div className={styles.columns}>
          <RolePanel title={ui.detailsTitle}>
            <dl className={styles.facts}>
              <div>
                <dt>
                  <ClockIcon />
                  {ui.duration}
                </dt>
                <dd data-fact="duration">{fill(allUi.course.weeks, { count: d.durationWeeks })}</dd>
              </div>
              <div>
                <dt>
                  <WalletIcon />
                  {ui.stipend}
                </dt>
                <dd data-fact="stipend">{fill(ui.perMonth, { amount: formatRupees(d.stipend) })}</dd>
              </div>
              <div>
                <dt>
                  <MapPinIcon />
                  {ui.location}
                </dt>
                <dd data-fact="location">
                  {d.location} · {d.mode}
                </dd>
              </div>
              <div>
                <dt>
                  <GradIcon />
                  {ui.eligibility}
                </dt>
                <dd data-fact="eligibility">{d.eligibility}</dd>
              </div>
            </dl>
          </RolePanel>
          <RolePanel title={ui.gainsTitle}>
            <TextList items={ui.gains.map((gain) => fill(gain, { role: role.title }))} />
          </RolePanel>
          <RolePanel title={ui.skillsTitle}>
            <TextList items={d.skills} className={styles.chips} />
          </RolePanel>
          <RolePanel title={ui.responsibilitiesTitle}>
            <TextList items={d.responsibilities} />
          </RolePanel>
        </div>
      </div>
    </SectionShell>
  );
}
