import { useEntities, useUi } from '../../runtime/contexts.tsx';
import type { CourseStripSection } from '../../types.ts';
import { CourseCard } from '../../ui/CourseCard.tsx';
import { PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './CourseStrip.module.css';

/**
 * A strip of course cards that scrolls by itself (a CSS animation over two
 * copies of the list), stops on hover and focus, has a pause switch (a
 * checkbox the stylesheet reads, so it works from first paint, as the motion
 * does), and is a plain scrollable row for visitors who prefer reduced motion.
 */
export default function CourseStrip({ id, title, intro, courseIds, secondsPerCard = 4, enrollPage }: CourseStripSection) {
  const courses = useEntities('courses', courseIds);
  const ui = useUi().media;
  const headingTag = useSubheadingTag();
  const list = (copy: boolean) => (
    <ul className={styles.list} aria-hidden={copy || undefined} inert={copy || undefined}>
      {courses.map((course) => (
        <li key={course.id} className={styles.item}>
          <CourseCard course={course} enrollPage={enrollPage} headingTag={headingTag === 'h2' ? 'h3' : 'h3'} />
        </li>
      ))}
    </ul>
  );
  return (
    <SectionShell
      id={id}
      title={title}
      intro={intro}
      tone="tint"
      aside={
        <label className={`button button--secondary button--small ${styles.pause}`}>
          <input type="checkbox" className={styles.pauseInput} />
          <PauseIcon width={14} height={14} className={styles.whenMoving} />
          <PlayIcon width={14} height={14} className={styles.whenPaused} />
          {ui.pauseSlides}
        </label>
      }
    >
      <div className={styles.viewport}>
        <div className={styles.track} style={{ animationDuration: `${courses.length * secondsPerCard}s` }}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </SectionShell>
  );
}
