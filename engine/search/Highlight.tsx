/** A title with the matched characters in <mark>. */
export function Highlight({ text, ranges }: { text: string; ranges: [number, number][] }) {
  if (!ranges.length) return <>{text}</>;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const parts: (string | { mark: string })[] = [];
  let at = 0;
  for (const [start, end] of sorted) {
    if (start < at) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ mark: text.slice(start, end + 1) });
    at = end + 1;
  }
  if (at < text.length) parts.push(text.slice(at));
  // The parts of one title, in order, never reordered: their position is their identity.
  // biome-ignore lint/suspicious/noArrayIndexKey: see above
  return <>{parts.map((part, i) => (typeof part === 'string' ? <span key={i}>{part}</span> : <mark key={i}>{part.mark}</mark>))}</>;
}
