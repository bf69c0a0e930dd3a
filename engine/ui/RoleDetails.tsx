import type { ReactNode } from 'react';
import styles from './RoleDetails.module.css';
import { useHeadingTagBelow, useIsLeadSection, useSubheadingTag } from './SectionShell.tsx';
import { SmartLink } from './SmartLink.tsx';

/** The chosen role's picture, title, description and apply link, shared by internship and job role selectors. */
export function RoleIntro({
  role,
  apply,
}: {
  role: { title: string; description: string; image: string };
  apply: { href: string; label: string; newTab?: boolean | undefined };
}) {
  const lead = useIsLeadSection();
  const Sub = useSubheadingTag();
  return (
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
  );
}

/** One titled card of a role's details (its heading two levels below the section's). */
export function RolePanel({ title, children }: { title: string; children: ReactNode }) {
  const Panel = useHeadingTagBelow(2);
  return (
    <div className={`card ${styles.panel}`}>
      <Panel className={styles.panelTitle}>{title}</Panel>
      {children}
    </div>
  );
}
