import { useEntities } from '../../runtime/contexts.tsx';
import type { LogoRowSection } from '../../types.ts';
import { SectionShell } from '../../ui/SectionShell.tsx';
import styles from './LogoRow.module.css';

export default function LogoRow({ id, title, logoIds }: LogoRowSection) {
  const logos = useEntities('logos', logoIds);
  return (
    <SectionShell id={id} title={title} className={styles.section}>
      <ul className={styles.row}>
        {logos.map((logo) => (
          <li key={logo.id}>
            <img src={logo.image} alt={logo.name} width={280} height={100} loading="lazy" className={styles.logo} />
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
