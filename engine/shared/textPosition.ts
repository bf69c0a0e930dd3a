/** Where each line of a text starts: with it, an offset becomes a line and column (content errors, certificate files). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** The 1-based line and column of an offset, by binary search over the line starts. */
export function positionAt(source: { lineStarts: readonly number[] }, offset: number): { line: number; column: number } {
  const starts = source.lineStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}
