/** WCAG 2.2 AA, as axe-core names its rule tags. */
export const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export function describeViolations(violations: { id: string; help: string; nodes: { target: unknown; failureSummary?: string }[] }[]): string {
  return violations
    .map(
      (v) =>
        `${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`)
          .join('\n')}`,
    )
    .join('\n');
}
