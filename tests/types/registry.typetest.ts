/**
 * Compile-time guarantees of the section registry (checked by `npm run typecheck`):
 * a registry missing a section type, or mapping a type to a component of
 * another type's props, does not compile.
 */
import { registry } from '../../engine/generated/sectionRegistry.ts';
import type { SectionRegistry } from '../../engine/types.ts';

const { hero: _dropped, ...withoutHero } = registry;
// @ts-expect-error A registry without a component for "hero" is not a SectionRegistry.
export const incomplete: SectionRegistry = withoutHero;

// @ts-expect-error The faq component does not take hero props.
export const swapped: SectionRegistry = { ...registry, hero: registry.faq };

export const complete: SectionRegistry = registry;
