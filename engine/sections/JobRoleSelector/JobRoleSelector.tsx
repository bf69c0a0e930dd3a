import { useId } from 'react';
import { useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { JobRoleSelectorSection } from '../../types.ts';
import { ClockIcon, GradIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { RoleChooser } from '../../ui/RoleChooser.tsx';
import { SectionShell, useHeadingTagBelow, useIsLeadSection, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { useRoleFromAddress } from '../../ui/useRoleFromAddress.ts';
import styles from '../../ui/RoleDetails.module.css';

/** A job category: Select Job Role, then the role's highlights (experience, salary, location, eligibility), skills, responsibilities and benefits. */
export default function JobRoleSelector({ id, title, intro, roles, defaultRole, skillsAsCards, apply }: JobRoleSelectorSection) {
  const ui = useUi().jobs;
  const { role, choose } = useRoleFromAddress(roles, defaultRole);
  const lead = useIsLeadSection();
  const detailsId = useId();
  const Sub = useSubheadingTag();
  const Panel = useHeadingTagBelow(2);
  const d = role.details;
  return (
    <SectionShell id={id} title={title} intro={intro} className={styles.section}>
      <RoleChooser label={ui.select} help={ui.selectHelp} options={roles.map((r) => ({ id: r.id, title: r.title }))} selected={role.id} onChoose={choose} />
      <div id={detailsId} className={styles.details} aria-live="polite">
        <div className={styles.intro}>
          <img src={role.image} alt="" width={640} height={400} className={styles.image} fetchPriority={lead ? 'high' : 'auto'} />
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
            <Panel className={styles.panelTitle}>{ui.highlightsTitle}</Panel>
            <dl className={styles.facts}>
              <div><dt><ClockIcon />{ui.experience}</dt><dd data-fact="experience">{fill(ui.years, { ...d.experienceYears })}</dd></div>
              <div><dt><WalletIcon />{ui.salary}</dt><dd data-fact="salary">{fill(ui.lpa, { ...d.salaryLpa })}</dd></div>
              <div><dt><MapPinIcon />{ui.location}</dt><dd data-fact="location">{d.location}</dd></div>
              <div><dt><GradIcon />{ui.eligibility}</dt><dd data-fact="eligibility">{d.eligibility}</dd></div>
            </dl>
          </div>
          <div className={`card ${styles.panel}`}>
            <Panel className={styles.panelTitle}>{ui.skillsTitle}</Panel>
            {skillsAsCards ? (
              <ul className={styles.skillCards}>
                {d.skills.map((skill) => (
                  <li key={skill}>{skill}</li>
                ))}
              </ul>
            ) : (
              <ul className={styles.chips}>
                {d.skills.map((skill) => (
                  <li key={skill}>{skill}</li>
                ))}
              </ul>
            )}
          </div>
          <div className={`card ${styles.panel}`}>
            <Panel className={styles.panelTitle}>{ui.responsibilitiesTitle}</Panel>
            <ul className="check-list">
              {d.responsibilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div className={`card ${styles.panel}`}>
            <Panel className={styles.panelTitle}>{ui.benefitsTitle}</Panel>
            <ul className="check-list">
              {d.benefits.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </SectionShell>
  );
}
