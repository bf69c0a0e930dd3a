import { definitions } from '../generated/sectionDefinitions.ts';
import type { SectionMap, SectionType } from '../types.ts';
import type { SectionDefinition } from './sectionDefinition.ts';

/** The build-time definition of a section's type, if it has one. */
export function definitionOf<K extends SectionType>(section: SectionMap[K]): SectionDefinition<K> | undefined {
  return definitionOfType(section.type as K);
}

export function definitionOfType<K extends SectionType>(type: K): SectionDefinition<K> | undefined {
  return definitions[type] as SectionDefinition<K> | undefined;
}
