import { useEntity, useSite } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import { formatLongDate } from '../../shared/dates.ts';
import type { JobOpeningSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { applyTargetOf } from '../../ui/applyTarget.ts';
import { CalendarIcon, ClockIcon, MapPinIcon, WalletIcon } from '../../ui/icons.tsx';
import { applicationMailto, employmentTypeLabel } from '../../ui/openingMail.ts';
import { useHeadingTag, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import { TextList } from '../../ui/TextList.tsx';
import styles from './JobOpening.module.css';

/**
 * One opening on its own page. Everything its JobPosting markup says (title,
 * description, dates, place, type, salary, employer) is shown here too.
 */
export default function JobOpening({ id, openingId, allOpenings }: JobOpeningSection) {
  const opening = useEntity('jobOpenings', openingId);
  const { settings, landmarks } = useSite();
  const ui = settings.ui.openings;
  const Heading = useHeadingTag();
  const Sub = useSubheadingTag();
  if (!opening) return null;
  // The spec's mail to the careers inbox, unless the content takes this opening's applications on the site.
  const mailto = applicationMailto(settings.contact.careersEmail, ui.subject, ui.coverLetter, opening.title);
  const onSite = opening.applyOnSite ? applyTargetOf(landmarks.apply, undefined, { kind: 'opening', id: opening.id }) : undefined;
  return (
    <section id={id} className={`section ${styles.opening}`}>
      <div className="container">
        <p className="eyebrow">{settings.name}</p>
        <Heading className={styles.title}>{opening.title}</Heading>
        <ul className={styles.meta}>
          <li>
            <MapPinIcon width={18} height={18} />
            <span className="sr-only">{ui.location}: </span>
            <span data-fact="location">{opening.location}</span>
          </li>
          <li>
            <ClockIcon width={18} height={18} />
            <span className="sr-only">{ui.type}: </span>
            <span data-fact="employmentType">{employmentTypeLabel(ui, opening.employmentType)}</span>
          </li>
          {opening.salaryLpa ? (
            <li>
              <WalletIcon width={18} height={18} />
              <span className="sr-only">{ui.salary}: </span>
              <span data-fact="salary">
                ₹{opening.salaryLpa.min}-{opening.salaryLpa.max} LPA
              </span>
            </li>
          ) : null}
          <li>
            <CalendarIcon width={18} height={18} />
            <span data-fact="datePosted">{fill(ui.posted, { date: formatLongDate(opening.datePosted) })}</span>
          </li>
          {opening.validThrough ? (
            <li>
              <CalendarIcon width={18} height={18} />
              <span data-fact="validThrough">{fill(ui.validThrough, { date: formatLongDate(opening.validThrough) })}</span>
            </li>
          ) : null}
        </ul>
        <div className={styles.layout}>
          <div>
            <p className={styles.description} data-fact="description">
              {opening.description}
            </p>
            <Sub className={styles.part}>{ui.responsibilities}</Sub>
            <TextList items={opening.responsibilities} />
            <Sub className={styles.part}>{ui.qualifications}</Sub>
            <TextList items={opening.qualifications} />
          </div>
          <aside className={`card ${styles.apply}`}>
            {onSite ? (
              <SmartLink className="button button--block" href={onSite.href}>
                {ui.apply}
              </SmartLink>
            ) : (
              <>
                <a className="button button--block" href={mailto}>
                  {ui.apply}
                </a>
                <p className={styles.applyNote}>{fill(ui.subject, { title: opening.title })}</p>
              </>
            )}
            <ActionLink action={allOpenings} className="button--block" />
          </aside>
        </div>
      </div>
    </section>
  );
}
