/** Applications: what the rest of the server may use (the staff console's board, the account's download and deletion). */

export { type Catalogue, catalogueOf, releaseCatalogue } from './catalogue.ts';
export { CLOSING_NOTICE_DAYS, closeUntouched, closingSoon, closingSoonBefore } from './closing.ts';
export {
  acceptedApplication,
  accountOf,
  applicationById,
  type BoardFilter,
  boardPage,
  countOpenApplications,
  DECIDED,
  deleteApplicationsOf,
  eventsOf,
  GRADUATE_YEAR,
  noteApplication,
  resumeFacts,
  resumeFile,
  seatsTaken,
  setCertificate,
} from './repository.ts';
export {
  applicationReference,
  applicationsExport,
  MOVES,
  type Move,
  movedWords,
  moveOne,
  myApplications,
  resumeFileName,
  shownAnswer,
  storedAnswers,
} from './service.ts';
