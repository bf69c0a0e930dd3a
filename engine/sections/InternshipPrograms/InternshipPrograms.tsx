import { useEntities, usePageContext, useUi } from '../../runtime/contexts.tsx';
import { fill, fillCount } from '../../runtime/text.ts';
import { formatRupees } from '../../shared/money.ts';
import type { InternshipProgram, InternshipProgramsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { useApplyTarget } from '../../ui/applyTarget.ts';
import icons from '../../ui/FactIcons.module.css';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './InternshipPrograms.module.css';

function ProgramCard({ program, register }: { program: InternshipProgram; register: InternshipProgramsSection['register'] }) {
  const allUi = useUi();
  const ui = allUi.programs;
  const { programRoles, programApply } = usePageContext().derived;
  const role = programRoles?.[program.id];
  const CardHeading = useSubheadingTag();
  const applyId = programApply?.[program.id];
  const target = useApplyTarget(register, { kind: 'internship', id: applyId ?? '' }, { program: program.title });
  return (
    <li className={`card ${styles.card}`}>
      <img src={program.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
      <div className={styles.body}>
        <CardHeading className={styles.title}>{program.title}</CardHeading>
        <ul className={styles.facts}>
          {role ? (
            <li className={`${styles.stipend} ${icons.icon} ${icons.large} ${icons.wallet}`} data-fact="stipend">
              {fill(allUi.roleSelector.perMonth, { amount: formatRupees(role.stipend) })}
            </li>
          ) : null}
          <li className={`${icons.icon} ${icons.large} ${icons.clock}`} data-fact="duration">
            {fill(ui.duration, { count: String(program.durationWeeks).padStart(2, '0') })}
          </li>
          {role ? (
            <li className={`${icons.icon} ${icons.large} ${icons.pin}`} data-fact="location">
              {role.location} · {role.mode}
            </li>
          ) : null}
          {role ? (
            <li className={`${icons.icon} ${icons.large} ${icons.grad}`} data-fact="eligibility">
              <span>
                <span className="sr-only">{allUi.finder.whoCanApply}: </span>
                {role.eligibility}
              </span>
            </li>
          ) : null}
          <li className={`${icons.icon} ${icons.large} ${icons.users}`}>{fill(ui.students, { count: program.registeredStudents })}</li>
          <li className={`${icons.icon} ${icons.large} ${icons.folder}`}>{fillCount(ui.projects, program.projects)}</li>
        </ul>
        {program.inCharge ? <p className={styles.mentor}>{fill(ui.inCharge, { name: program.inCharge })}</p> : null}
        {role ? (
          <SmartLink href={program.role} className={styles.role}>
            {fill(ui.role, { role: role.title, stream: role.streamLabel })}
          </SmartLink>
        ) : null}
        {target && (register.href || applyId) ? (
          <SmartLink href={target.href} newTab={target.newTab} className={`button button--small ${styles.register}`}>
            {register.label}
            <span className="sr-only">: {program.title}</span>
          </SmartLink>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The internship programs as cards: each shows the stipend and place of the
 * stream role it is (and links to it), its weeks, students and projects, and
 * Register Now: the site's application for that role (or an outside form with the program filled in).
 */
export default function InternshipPrograms({ id, title, intro, programIds, register, more }: InternshipProgramsSection) {
  const programs = useEntities('internshipPrograms', programIds);
  return (
    <SectionShell id={id} title={title} intro={intro}>
      <ul className={`grid grid--3 ${styles.list}`}>
        {programs.map((program) => (
          <ProgramCard key={program.id} program={program} register={register} />
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
