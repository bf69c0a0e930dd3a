/** Certificates: what the rest of the server may use (the certificate page's data; the command line's and the staff console's import, export and changes). */

export { readCertificateFile, toCsv as certificatesCsv } from './certificateFile.ts';
export { newestCertificates, searchCertificates } from './console.repository.ts';
export { loadDemoCertificatesOnce } from './demo.ts';
export { certificatePageData } from './pageData.ts';
export { type ProgrammeCatalogue, programmeCatalogue } from './programmes.ts';
export {
  allCertificates,
  certificateEvents,
  countCertificates,
  findByLookupKeys,
  findCertificate,
  LookupKeyClashError,
  nextFreeCertificateId,
  printedFields,
  type StoredCertificate,
  setCertificateStatus,
  upsertCertificates,
} from './repository.ts';
