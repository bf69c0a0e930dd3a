/** Certificates: what the rest of the server may use (the certificate page's data; the command line's and the staff console's import, export and changes). */

export { COMMAND_LINE_BYTES, COMMAND_LINE_ROWS, readCertificateFile, toCsv as certificatesCsv } from './certificateFile.ts';
export { newestCertificates, searchCertificates } from './console.repository.ts';
export { loadDemoCertificatesOnce } from './demo.ts';
export { certificateFileReader } from './fileReader.ts';
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
