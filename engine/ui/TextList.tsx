/** A list of plain text items, such as responsibilities or skills. */
export function TextList({ items, className = 'check-list' }: { items: readonly string[]; className?: string | undefined }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
