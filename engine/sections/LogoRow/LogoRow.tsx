import { useEntities, useUi } from '../../runtime/contexts.tsx';
import { fill } from '../../runtime/text.ts';
import type { LogoRowSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import styles from './LogoRow.module.css';

/** Logos of the bodies we are registered with; one whose registration can be checked links to where (data/logos.json). */
export default function LogoRow({ id, title, logoIds }: LogoRowSection) {
  const logos = useEntities('logos', logoIds);
  const ui = useUi();
  return (
    <SectionShell id={id} title={title} className={styles.section}>
      <ul className={styles.row}>
        {logos.map((logo) => {
          const image = <img src={logo.image} alt={logo.name} width={280} height={100} loading="lazy" className={styles.logo} />;
          return (
            <li key={logo.id}>
              {logo.registration ? (
                <a href={logo.registration.checkUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  {image}
                  <span className="sr-only">
                    {' '}
                    {fill(ui.certificate.checkAt, { where: logo.registration.checkWhere })} {ui.layout.newTab}
                  </span>
                </a>
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </SectionShell>
  );
}
