import { useState } from 'react';
import { useEntities, useUi } from '../../runtime/contexts.tsx';
import type { CourseStripSection } from '../../types.ts';
import { CourseCard } from '../../ui/CourseCard.tsx';
import { PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './CourseStrip.module.css';

/**
 * A strip of course cards that scrolls by itself (a CSS animation over two
 * copies of the list), stops on hover and focus, has a pause button, and is a
 * plain scrollable row for visitors who prefer reduced motion.
 */
export default function CourseStrip({ id, title, intro, courseIds, secondsPerCard = 4, enrollPage }: CourseStripSection) {
  const courses = useEntities('courses', courseIds);
  const ui = useUi().media;
  const [paused, setPaused] = useState(false);
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
        <button type="button" className={`button button--secondary button--small ${styles.pause}`} aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? <PlayIcon width={14} height={14} /> : <PauseIcon width={14} height={14} />}
          {paused ? ui.playSlides : ui.pauseSlides}
        </button>
      }
    >
      <div className={styles.viewport} data-paused={paused}>
        <div className={styles.track} style={{ animationDuration: `${courses.length * secondsPerCard}s` }}>
          {list(false)}
          {list(true)}
        </div>
      </div>
    </SectionShell>
  );
}
