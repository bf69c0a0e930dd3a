/**
 * How many certificate writes this process has committed. The verify index
 * reads the table's version at most every few milliseconds (each read is a
 * SQLite read transaction, with its file locks: 12 µs a request under load);
 * a write made here moves this count on, so that it is seen at once.
 */
export let certificateWriteCount = 0;

export function noteCertificateWrite(): void {
  certificateWriteCount++;
}
