import { useEntities, useUi } from '../../runtime/contexts.tsx';
import { fillCount } from '../../runtime/text.ts';
import type { EnrollProgramsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './EnrollPrograms.module.css';

export default function EnrollPrograms({ id, title, intro, programIds, more }: EnrollProgramsSection) {
  const programs = useEntities('enrollPrograms', programIds);
  const ui = useUi().programs;
  const CardHeading = useSubheadingTag();
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <ul className={`grid grid--4 ${styles.list}`}>
        {programs.map((program) => (
          <li key={program.id} className={`card ${styles.card}`}>
            <img src={program.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
            <div className={styles.body}>
              <span className={styles.seats}>{fillCount(ui.seats, program.available)}</span>
              <CardHeading className={styles.title}>{program.title}</CardHeading>
              <p className={styles.text}>{program.description}</p>
              <SmartLink href={program.enrollLink} newTab className={`button button--small ${styles.enroll}`}>
                {ui.enroll}
                <span className="sr-only">: {program.title}</span>
              </SmartLink>
            </div>
          </li>
        ))}
      </ul>
      {more ? (
        <p className={styles.more}>
          <ActionLink action={more} />
        </p>
      ) : null}
    </SectionShell>
  );
}
