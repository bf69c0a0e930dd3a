import { useEntities } from '../../runtime/contexts.tsx';
import type { CourseCatalogueSection } from '../../types.ts';
import { ActionLink } from '../../ui/ActionLink.tsx';
import { CourseCard } from '../../ui/CourseCard.tsx';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './CourseCatalogue.module.css';

export default function CourseCatalogue({ id, title, intro, categoryIds, limitPerCategory, enrollPage, more }: CourseCatalogueSection) {
  const categories = useEntities('courseCategories', categoryIds);
  const courses = useEntities('courses');
  const CategoryHeading = useSubheadingTag();
  const courseHeading = CategoryHeading === 'h2' ? 'h3' : 'h4';
  return (
    <SectionShell id={id} title={title} intro={intro}>
      {categories.map((category) => {
        const inCategory = courses.filter((c) => c.category === category.id);
        const shown = limitPerCategory ? inCategory.slice(0, limitPerCategory) : inCategory;
        return (
          <div key={category.id} className={styles.category}>
            <CategoryHeading className={styles.categoryTitle}>
              {category.title} <span className={styles.count}>({inCategory.length})</span>
            </CategoryHeading>
            <ul className={styles.grid}>
              {shown.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} enrollPage={enrollPage} headingTag={courseHeading} />
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {more ? (
        <p className={styles.more}>
          <ActionLink action={more} />
        </p>
      ) : null}
    </SectionShell>
  );
}
