import { useEntities, usePageContext, useSite } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatLongDate } from '../../shared/dates.ts';
import type { JobOpeningsSection } from '../../types.ts';
import { applyTargetOf } from '../../ui/applyTarget.ts';
import { CalendarIcon, ClockIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { applicationMailto, employmentTypeLabel } from '../../ui/openingMail.ts';
import { SectionShell, useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { TextList } from '../../ui/TextList.tsx';
import styles from './JobOpenings.module.css';

/**
 * Our own openings. Apply Now opens the mail client with 'Application for {title} Position' and a cover letter to fill
 * in, or, for an opening the content takes applications for on the site, its application form.
 */
export default function JobOpenings({ id, title, intro, openingIds }: JobOpeningsSection) {
  const openings = useEntities('jobOpenings', openingIds);
  const pagePaths = usePageContext().derived.openingPaths ?? {};
  const { settings, landmarks } = useSite();
  const ui = settings.ui.openings;
  const Heading = useSubheadingTag();
  const Part = useHeadingTagBelow(2);
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <ul className={styles.list}>
        {openings.map((opening) => (
          <li key={opening.id} className={`card ${styles.card}`}>
            <div className={styles.head}>
              <Heading className={styles.title}>{opening.title}</Heading>
              {opening.applyOnSite && landmarks.apply ? (
                <SmartLink className="button" href={applyTargetOf(landmarks.apply, undefined, { kind: 'opening', id: opening.id })!.href}>
                  {ui.apply}
                  <span className="sr-only">: {opening.title}</span>
                </SmartLink>
              ) : (
                <a className="button" href={applicationMailto(settings.contact.careersEmail, ui.subject, ui.coverLetter, opening.title)}>
                  {ui.apply}
                  <span className="sr-only">: {opening.title}</span>
                </a>
              )}
            </div>
            <ul className={styles.meta}>
              <li>
                <MapPinIcon width={16} height={16} />
                <span className="sr-only">{ui.location}: </span>
                {opening.location}
              </li>
              <li>
                <ClockIcon width={16} height={16} />
                <span className="sr-only">{ui.type}: </span>
                {employmentTypeLabel(ui, opening.employmentType)}
              </li>
              {opening.salaryLpa ? (
                <li>
                  <WalletIcon width={16} height={16} />
                  <span className="sr-only">{ui.salary}: </span>₹{opening.salaryLpa.min}-{opening.salaryLpa.max} LPA
                </li>
              ) : null}
              <li>
                <CalendarIcon width={16} height={16} />
                {fill(ui.posted, { date: formatLongDate(opening.datePosted) })}
              </li>
            </ul>
            <p className={styles.description}>{opening.description}</p>
            {pagePaths[opening.id] ? (
              <p>
                <SmartLink href={pagePaths[opening.id]!} className={styles.details}>
                  {ui.details}
                  <span className="sr-only">: {opening.title}</span>
                </SmartLink>
              </p>
            ) : null}
            <div className={styles.columns}>
              <div>
                <Part className={styles.part}>{ui.responsibilities}</Part>
                <TextList items={opening.responsibilities} />
              </div>
              <div>
                <Part className={styles.part}>{ui.qualifications}</Part>
                <TextList items={opening.qualifications} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
