/** Fills {name} placeholders of a UI string; unknown names are left as written so a typo shows. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A stable id for aria-labelledby and the like, from a heading text. */
export function slugId(prefix: string, text: string): string {
  return `${prefix}-${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}
