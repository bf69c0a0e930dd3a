import { useEntities } from '../../runtime/contexts.tsx';
import type { TeamSection } from '../../types.ts';
import { SectionShell, useSubheadingTag } from '../../ui/SectionShell.tsx';
import styles from './Team.module.css';

export default function Team({ id, title, intro, memberIds }: TeamSection) {
  const members = useEntities('team', memberIds);
  const Heading = useSubheadingTag();
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <ul className={`grid grid--3 ${styles.list}`}>
        {members.map((member) => (
          <li key={member.id} className={`card ${styles.card}`}>
            <img src={member.image} alt="" width={112} height={112} loading="lazy" className={styles.photo} />
            <Heading className={styles.name}>{member.name}</Heading>
            <p className={styles.role}>{member.role}</p>
            <p className={styles.bio}>{member.bio}</p>
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
