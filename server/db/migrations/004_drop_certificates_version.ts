import type { Dialect } from '../dialect.ts';
import { certificatesVersion } from './003_certificates_version.ts';

/**
 * 003 in reverse: the version counter and its triggers served the in-memory
 * verify index, and verification now reads the database, so every write to
 * the certificates no longer pays for an update of site_state. 003 stays in
 * the list because databases that ran it must still find it there.
 */
export function dropCertificatesVersion(dialect: Dialect) {
  const version = certificatesVersion(dialect);
  return { up: version.down, down: version.up };
}
