/** Fills {name} placeholders of a text from the site's words; unknown names are left as written so a typo shows. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
