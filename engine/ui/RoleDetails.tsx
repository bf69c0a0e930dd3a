import type { ReactNode } from 'react';
import styles from './RoleDetails.module.css';
import { useHeadingTagBelow, useIsLeadSection, useSubheadingTag } from './SectionShell.tsx';
import { SmartLink } from './SmartLink.tsx';

export interface RoleFact {
  /** data-fact, for tests and styles: duration, stipend, salary… */
  fact: string;
  icon: ReactNode;
  label: string;
  value: string;
}

/**
 * The top of a chosen role, in the order a student on a phone needs it: its
 * name, its figures (the spec's Program Details or Job Highlights), then Apply
 * Now and share. Choosing a role brings this part into view.
 */
export function RoleHead({
  title,
  factsTitle,
  facts,
  apply,
  share,
}: {
  title: string;
  factsTitle: string;
  facts: RoleFact[];
  /** Apply Now: where it goes (undefined on a site with no application page, where it is left out). */
  apply: { href: string; label: string; newTab: boolean } | undefined;
  share?: ReactNode;
}) {
  const Sub = useSubheadingTag();
  const Panel = useHeadingTagBelow(2);
  return (
    <div className={styles.head} data-role-head="">
      <Sub className={styles.roleTitle}>{title}</Sub>
      <div className={`card ${styles.panel} ${styles.factsPanel}`}>
        <Panel className={styles.panelTitle}>{factsTitle}</Panel>
        <dl className={styles.facts}>
          {facts.map((f) => (
            <div key={f.fact}>
              <dt>
                {f.icon}
                {f.label}
              </dt>
              <dd data-fact={f.fact}>{f.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className={styles.actions}>
        {apply ? (
          <SmartLink href={apply.href} newTab={apply.newTab} className="button">
            {apply.label}
            <span className="sr-only">: {title}</span>
          </SmartLink>
        ) : null}
        {share}
      </div>
    </div>
  );
}

/** The role's picture and description. The chosen role's picture, at the top of a page, is fetched first; the others when shown. */
export function RoleStory({ role, chosen }: { role: { description: string; image: string }; chosen: boolean }) {
  const lead = useIsLeadSection() && chosen;
  return (
    <div className={styles.story}>
      <p className={styles.description}>{role.description}</p>
      <img
        src={role.image}
        alt=""
        width={640}
        height={400}
        className={styles.image}
        loading={chosen ? 'eager' : 'lazy'}
        fetchPriority={lead ? 'high' : 'auto'}
      />
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
