import { usePageContext } from '../runtime/contexts.tsx';
import type { SectionWords, UiText } from '../types.ts';

/**
 * A group of words only some sections show (types.ts SECTION_WORDS), from the page: the section's definition gives it
 * to its pages (`derive: … ({ words: { applications: model.site.ui.applications } })`). A section that forgot to is a
 * mistake of the code, said at once rather than as missing words.
 */
export function useSectionWords<G extends SectionWords>(group: G): UiText[G] {
  const words = usePageContext().derived.words?.[group];
  if (!words) throw new Error(`This page was built without its "${group}" words: the section's definition must derive them.`);
  return words as UiText[G];
}
