// The server fills the same words the same way.
export { fill, fillCount } from '../shared/fill.ts';

/** A stable id for aria-labelledby and the like, from a heading text. */
export function slugId(prefix: string, text: string): string {
  return `${prefix}-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}
