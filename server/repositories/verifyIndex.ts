import os from 'node:os';
import type BetterSqlite3 from 'better-sqlite3';
import { CERTIFICATES_VERSION_KEY } from '../db/migrations/003_certificates_version.ts';
import { type CertificateIndex, CertificateIndexBuilder } from './certificateIndex.ts';
import { certificateWriteCount } from './certificateWrites.ts';

export interface VerifyIndexOptions {
  /** Most memory the index may take; past it, verification stays on the database. 0 turns the index off. */
  maxBytes?: number;
  /** Rows read between two turns of the event loop while building. */
  chunkRows?: number;
  /** How long a read of the table's version is trusted, in ms (writes by this process are seen at once). */
  recheckMs?: number;
  /** Where to say that the index is ready, or why there is none. */
  log?: (message: string) => void;
}

/** Lets the event loop answer what is waiting before the build goes on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function megabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 2 : 0)} MB`;
}

/** An eighth of the machine's memory: a million certificates take about 215 MB (223,604,996 bytes in the bench). */
export function defaultVerifyIndexBytes(): number {
  const fromEnv = process.env['VERIFY_INDEX_MB'];
  if (fromEnv !== undefined && fromEnv.trim() !== '' && Number.isFinite(Number(fromEnv))) return Math.max(0, Number(fromEnv)) * 1024 * 1024;
  return Math.floor(os.totalmem() / 8);
}

/**
 * The certificates' answers held in memory (see CertificateIndex), kept in
 * step with the embedded database. An answer first makes sure of the table's
 * version (a counter the certificate triggers move on): read again when the
 * last read is more than `recheckMs` (5 ms) old or this process has written
 * certificates since. If the index was built at another version it is not
 * used, and a new one is built in the background, a chunk of rows at a time,
 * while the database answers. So a write by this server is seen by the next
 * request, and an import by another process within 5 ms of its commit.
 */
export class VerifyIndex {
  private index: CertificateIndex | undefined;
  private indexVersion: string | undefined;
  /** The version being built, if any. */
  private building: string | undefined;
  /** A version whose certificates could not all be held (past `maxBytes`, or an ID it cannot hold): not tried again until the table changes. */
  private cannotHold: string | undefined;
  private closed = false;
  private settled: Promise<void> = Promise.resolve();
  private readonly maxBytes: number;
  private readonly chunkRows: number;
  private readonly recheckMs: number;
  /** When the version was last read, and the count of this process's writes then. */
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checkedWrites = -1;
  private checkedVersion = '';
  private readonly log: (message: string) => void;
  private readonly version: BetterSqlite3.Statement<[string], string>;
  private readonly chunk: BetterSqlite3.Statement<[string, number], [string, string]>;

  /** `json` is the SQL expression that writes one certificate's answer. */
  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    json: string,
    options: VerifyIndexOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? defaultVerifyIndexBytes();
    this.chunkRows = options.chunkRows ?? 2000;
    this.recheckMs = options.recheckMs ?? 5;
    this.log = options.log ?? (() => {});
    this.version = sqlite.prepare<[string], string>('select value from site_state where key = ?').pluck(true);
    this.chunk = sqlite
      .prepare<[string, number], [string, string]>(`select certificate_id, ${json} from certificates where certificate_id > ? order by certificate_id limit ?`)
      .raw(true);
  }

  /** The answer from memory, or undefined when the index is off, being built or out of date. */
  answer(ids: readonly string[]): Buffer | undefined {
    if (this.maxBytes <= 0 || this.closed) return undefined;
    const now = performance.now();
    if (now - this.checkedAt > this.recheckMs || this.checkedWrites !== certificateWriteCount) {
      this.checkedWrites = certificateWriteCount;
      this.checkedVersion = this.currentVersion();
      this.checkedAt = now;
    }
    const version = this.checkedVersion;
    if (this.index && this.indexVersion === version) return this.index.answer(ids);
    this.refresh(version);
    return undefined;
  }

  /** Starts building for the table as it is now, if needed; resolves once that is done (or found not to fit). */
  warm(): Promise<void> {
    if (this.maxBytes > 0 && !this.closed) this.refresh(this.currentVersion());
    return this.settled;
  }

  /** Certificates held and bytes used, for logs and the bench. */
  get stats(): { certificates: number; bytes: number } | undefined {
    return this.index && { certificates: this.index.size, bytes: this.index.bytes };
  }

  close(): void {
    this.closed = true;
    this.index = undefined;
  }

  private currentVersion(): string {
    // Missing only if the version migration has not run: then every read counts as a change, and nothing is cached.
    return this.version.get(CERTIFICATES_VERSION_KEY) ?? `none-${Date.now()}`;
  }

  private refresh(version: string): void {
    if (this.building !== undefined || this.cannotHold === version) return;
    if (this.index && this.indexVersion === version) return;
    this.building = version;
    this.settled = this.build(version)
      .catch((error: unknown) => {
        // The database closing under a build (tests, shutdown) is not worth a word.
        if (!this.closed) this.log(`verify index: not built (${(error as Error).message}); verifying from the database`);
      })
      .finally(() => {
        this.building = undefined;
      });
  }

  private async build(version: string): Promise<void> {
    const started = performance.now();
    const builder = new CertificateIndexBuilder(this.maxBytes);
    let after = '';
    for (;;) {
      if (this.closed || this.currentVersion() !== version) return;
      const rows = this.chunk.all(after, this.chunkRows);
      for (const [id, json] of rows) {
        const refused = builder.add(id, json);
        if (!refused) continue;
        this.cannotHold = version;
        this.log(
          refused === 'full'
            ? `verify index: certificate ${builder.size + 1} would take it past ${megabytes(this.maxBytes)} (VERIFY_INDEX_MB); verifying from the database`
            : `verify index: certificate ID ${JSON.stringify(id)} cannot be held in memory (not plain ASCII, or too long); verifying from the database`,
        );
        return;
      }
      if (rows.length < this.chunkRows) break;
      after = rows[rows.length - 1]![0];
      await nextTurn();
    }
    const index = await builder.finish(nextTurn);
    // A write between the first chunk and now moved the version on: what was read may mix two states, so it is dropped.
    if (this.closed || this.currentVersion() !== version) return;
    this.index = index;
    this.indexVersion = version;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    this.log(`verify index: ${this.index.size.toLocaleString('en-US')} certificates in memory (${megabytes(this.index.bytes)}), built in ${seconds} s`);
  }
}
