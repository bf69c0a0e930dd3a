import type { FaqSection } from '../../types.ts';
import { FaqList } from '../../ui/FaqList.tsx';
import { SectionShell } from '../../ui/SectionShell.tsx';

export default function Faq({ id, title, intro, items }: FaqSection) {
  return (
    <SectionShell id={id} title={title} intro={intro} tone="alt">
      <FaqList items={items} />
    </SectionShell>
  );
}
