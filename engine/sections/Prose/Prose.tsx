import { useUi } from '../../runtime/contexts.tsx';
import { fill, slugId } from '../../runtime/text.ts';
import { formatLongDate } from '../../shared/dates.ts';
import type { ProseSection } from '../../types.ts';
import { SectionShell, useHeadingTagBelow, useSubheadingTag } from '../../ui/SectionShell.tsx';
import { TextList } from '../../ui/TextList.tsx';
import styles from './Prose.module.css';

/** Long text in parts: terms, policies, statements. Numbered parts get anchors and an optional table of contents. */
export default function Prose({ id, title, intro, updated, numbered, contents, parts }: ProseSection) {
  const ui = useUi().prose;
  const Part = useSubheadingTag();
  const ContentsHeading = useHeadingTagBelow(1);
  const anchor = (heading: string, i: number) => slugId(`part-${i + 1}`, heading);
  const label = (heading: string, i: number) => (numbered ? `${i + 1}. ${heading}` : heading);
  return (
    <SectionShell id={id} title={title} intro={intro}>
      {updated ? <p className={styles.updated}>{fill(ui.updated, { date: formatLongDate(updated) })}</p> : null}
      <div className={styles.layout} data-contents={Boolean(contents)}>
        {contents ? (
          <nav aria-labelledby={`${id ?? 'prose'}-contents`} className={styles.contents}>
            <ContentsHeading id={`${id ?? 'prose'}-contents`} className={styles.contentsTitle}>
              {ui.contents}
            </ContentsHeading>
            <ol>
              {parts.map((part, i) => (
                <li key={part.heading}>
                  <a href={`#${anchor(part.heading, i)}`}>{part.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <div className={styles.body}>
          {parts.map((part, i) => (
            <section key={part.heading} id={anchor(part.heading, i)} className={styles.part} aria-labelledby={`${anchor(part.heading, i)}-h`}>
              <Part id={`${anchor(part.heading, i)}-h`} className={styles.heading}>
                {label(part.heading, i)}
              </Part>
              {part.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {part.list?.length ? <TextList items={part.list} className={styles.bullets} /> : null}
            </section>
          ))}
        </div>
      </div>
    </SectionShell>
  );
}
