import type { Certificate } from '../types.ts';

/**
 * What one page hands the next in the router's navigation state (the spec's
 * way for the catalogue, enrolment and verification): the contracts between
 * section types that sit on different pages.
 */

/** Catalogue → enrolment: the course chosen. */
export interface EnrollmentState {
  courseId: number;
}

/** Enrolment → thank-you: the course enrolled in, and what the server said about the enrolment. */
export interface ThankYouState {
  courseTitle: string;
  /** The enquiry's reference, the address we write to, and whether the acknowledgement e-mail went out. */
  reference?: string;
  email?: string;
  acknowledged?: boolean;
}

/** Verification form → certificate details: the ID asked for and what the server answered. */
export interface CertificateDetailsState {
  ids: string[];
  results: Certificate[];
}
