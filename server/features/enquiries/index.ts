/** Enquiries: what the rest of the server may use (a member's own enquiries; the command line's export and erasure; the staff console's inbox). */

export { dayAfter, EXPORT_KINDS, type ExportKind, enquiriesCsv, sinceTime } from './export.ts';
export {
  countNewEnquiries,
  enquiryWithNotes,
  type InboxFilter,
  inboxPage,
  StatusChangedMeanwhileError,
  StatusOfAnotherKindError,
  updateEnquiry,
} from './inbox.repository.ts';
export { countEnquiries, type EnquiryFilter, enquiriesForExport, enquiriesOfUser, eraseEnquiries } from './repository.ts';
export { enquiryReference, readCourses, subjectOf } from './service.ts';
