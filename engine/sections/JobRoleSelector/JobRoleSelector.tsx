import { useId } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { JobRoleSelectorSection } from '../../types.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { RoleChooser } from '../../ui/RoleChooser.tsx';
import styles from '../../ui/RoleDetails.module.css';
import { RoleIntro, RolePanel } from '../../ui/RoleDetails.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';
import { TextList } from '../../ui/TextList.tsx';
import { useRoleFromAddress } from '../../ui/useRoleFromAddress.ts';

/** A job category: Select Job Role, then the role's highlights (experience, salary, location, eligibility), skills, responsibilities and benefits. */
export default function JobRoleSelector({ id, title, intro, roles, defaultRole, skillsAsCards, apply }: JobRoleSelectorSection) {
  const ui = useUi().jobs;
  const { role, choose } = useRoleFromAddress(roles, defaultRole);
  const detailsId = useId();
  const d = role.details;
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <RoleChooser label={ui.select} help={ui.selectHelp} options={roles.map((r) => ({ id: r.id, title: r.title }))} selected={role.id} onChoose={choose} />
      <div id={detailsId} className={styles.details} aria-live="polite">
        <RoleIntro role={role} apply={apply} />
        <div className={styles.columns}>
          <RolePanel title={ui.highlightsTitle}>
            <dl className={styles.facts}>
              <div>
                <dt>
                  <ClockIcon />
                  {ui.experience}
                </dt>
                <dd data-fact="experience">{fill(ui.years, { ...d.experienceYears })}</dd>
              </div>
              <div>
                <dt>
                  <WalletIcon />
                  {ui.salary}
                </dt>
                <dd data-fact="salary">{fill(ui.lpa, { ...d.salaryLpa })}</dd>
              </div>
              <div>
                <dt>
                  <MapPinIcon />
                  {ui.location}
                </dt>
                <dd data-fact="location">{d.location}</dd>
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
          <RolePanel title={ui.skillsTitle}>
            <TextList items={d.skills} className={skillsAsCards ? styles.skillCards : styles.chips} />
          </RolePanel>
          <RolePanel title={ui.responsibilitiesTitle}>
            <TextList items={d.responsibilities} />
          </RolePanel>
          <RolePanel title={ui.benefitsTitle}>
            <TextList items={d.benefits} />
          </RolePanel>
        </div>
      </div>
    </SectionShell>
  );
}
