import { useEntities, useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import type { InternshipProgramsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { ClockIcon, FolderIcon, UsersIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './InternshipPrograms.module.css';

export default function InternshipPrograms({ id, title, intro, programIds, register, more }: InternshipProgramsSection) {
  const programs = useEntities('internshipPrograms', programIds);
  const ui = useUi().programs;
  const CardHeading = useSubheadingTag();
  return (
    <SectionShell id={id} title={title} intro={intro}>
      <ul className={`grid grid--3 ${styles.list}`}>
        {programs.map((program) => (
          <li key={program.id} className={`card ${styles.card}`}>
            <img src={program.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
            <div className={styles.body}>
              <CardHeading className={styles.title}>{program.title}</CardHeading>
              <ul className={styles.facts}>
                <li>
                  <ClockIcon width={18} height={18} />
                  {fill(ui.duration, { count: String(program.durationWeeks).padStart(2, '0') })}
                </li>
                <li>
                  <UsersIcon width={18} height={18} />
                  {fill(ui.students, { count: program.registeredStudents })}
                </li>
                <li>
                  <FolderIcon width={18} height={18} />
                  {fillCount(ui.projects, program.projects)}
                </li>
              </ul>
              {program.inCharge ? <p className={styles.mentor}>{fill(ui.inCharge, { name: program.inCharge })}</p> : null}
              <SmartLink href={register.href} newTab={register.newTab} className={`button button--small ${styles.register}`}>
                {register.label}
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
