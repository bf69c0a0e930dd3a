import { useEntities, useSite } from '../../runtime/contexts.tsx';
import { Island } from '../../runtime/islands.tsx';
import { fillCount } from '../../runtime/text.ts';
import type { EnrollProgramsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { applyTargetOf } from '../../ui/applyTarget.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './EnrollPrograms.module.css';
import SeatsLeft from './SeatsLeft.tsx';

/**
 * The programmes to enrol in, each with the seats the content gives it and, once the server has answered, how many
 * are left (its island, SeatsLeft.tsx). Enroll Now applies for the programme on the site,
 * where the student chooses its role, unless the content names an outside form.
 */
export default function EnrollPrograms({ id, title, intro, programIds, more }: EnrollProgramsSection) {
  const programs = useEntities('enrollPrograms', programIds);
  const site = useSite();
  const ui = site.settings.ui.programs;
  const CardHeading = useSubheadingTag();
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <ul className={`grid grid--4 ${styles.list}`}>
        {programs.map((program) => {
          const target = applyTargetOf(site.landmarks.apply, program.enrollLink, { kind: 'internship', id: program.id }, true);
          return (
            <li key={program.id} className={`card ${styles.card}`}>
              <img src={program.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
              <div className={styles.body}>
                <span className={styles.seats}>{fillCount(ui.seats, program.available)}</span>
                <Island name="SeatsLeft" component={SeatsLeft} props={{ programId: program.id }} />
                <CardHeading className={styles.title}>{program.title}</CardHeading>
                <p className={styles.text}>{program.description}</p>
                {target ? (
                  <SmartLink href={target.href} newTab={target.newTab} className={`button button--small ${styles.enroll}`}>
                    {ui.enroll}
                    <span className="sr-only">: {program.title}</span>
                  </SmartLink>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {more ? (
        <p className={styles.more}>
          <ActionLink action={more} />
        </p>
      ) : null}
    </SectionShell>
  );
}
