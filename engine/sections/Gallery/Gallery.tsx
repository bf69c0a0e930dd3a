import { usePageContext } from '../../runtime/contexts.tsx';
import type { GallerySection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import styles from './Gallery.module.css';

export default function Gallery({ id, title, intro, images }: GallerySection) {
  const sizes = usePageContext().derived.imageSizes ?? {};
  return (
    <SectionShell id={id} title={title} intro={intro}>
      <ul className={styles.grid}>
        {images.map((image) => (
          <li key={image.src}>
            <figure className={styles.figure}>
              <a href={image.src} target="_blank" rel="noopener noreferrer" className={styles.frame}>
                <img
                  src={image.src}
                  alt={image.caption}
                  width={sizes[image.src]?.width}
                  height={sizes[image.src]?.height}
                  loading="lazy"
                  className={styles.image}
                />
              </a>
              <figcaption className={styles.caption}>{image.caption}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
