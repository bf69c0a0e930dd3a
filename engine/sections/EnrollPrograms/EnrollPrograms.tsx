import { useEffect, useState } from 'react';
import { callApi } from '../../api/client.ts';
import { useEntities, useSite } from '../../runtime/contexts.tsx';
import { fillCount } from '../../runtime/text.ts';
import type { EnrollProgramsSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { applyTargetOf } from '../../ui/applyTarget.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './EnrollPrograms.module.css';

/** The seats each programme has left, asked of the server once the page is live (offers take them); undefined until it answers. */
function useSeatsLeft(): Record<string, number> | undefined {
  const [left, setLeft] = useState<Record<string, number>>();
  useEffect(() => {
    const asked = new AbortController();
    void callApi('programmeSeats', undefined, { signal: asked.signal }).then((result) => {
      if (result.ok) setLeft(Object.fromEntries(result.data.programmes.map((p) => [p.id, p.left])));
    });
    return () => asked.abort();
  }, []);
  return left;
}

/**
 * The programmes to enrol in, each with the seats the content gives it and, once the server has answered, how many
 * are left (on a line kept for it, so nothing moves when it comes). Enroll Now applies for the programme on the site,
 * where the student chooses its role, unless the content names an outside form.
 */
export default function EnrollPrograms({ id, title, intro, programIds, more }: EnrollProgramsSection) {
  const programs = useEntities('enrollPrograms', programIds);
  const site = useSite();
  const ui = site.settings.ui.programs;
  const CardHeading = useSubheadingTag();
  const seatsLeft = useSeatsLeft();
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <ul className={`grid grid--4 ${styles.list}`}>
        {programs.map((program) => {
          const target = applyTargetOf(site.landmarks.apply, program.enrollLink, { kind: 'internship', id: program.id }, true);
          const left = seatsLeft?.[program.id];
          return (
            <li key={program.id} className={`card ${styles.card}`}>
              <img src={program.image} alt="" width={640} height={400} loading="lazy" className={styles.image} />
              <div className={styles.body}>
                <span className={styles.seats}>{fillCount(ui.seats, program.available)}</span>
                <span className={styles.left} data-fact="seatsLeft">
                  {left === undefined ? '' : left === 0 ? ui.seatsFull : fillCount(ui.seatsLeft, left)}
                </span>
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
