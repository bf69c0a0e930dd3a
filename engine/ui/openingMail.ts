import { fill } from '../runtime/text.ts';
import type { JobOpening, UiOpenings } from '../types.ts';

/**
 * The Apply Now mail link of an opening: subject "Application for {title}
 * Position" and a cover letter the applicant completes (the template is in
 * data/site.json, so its words can change without code).
 */
export function applicationMailto(careersEmail: string, subjectTemplate: string, bodyTemplate: string, title: string): string {
  const subject = fill(subjectTemplate, { title });
  const body = fill(bodyTemplate, { title });
  return `mailto:${careersEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function employmentTypeLabel(ui: UiOpenings, type: JobOpening['employmentType']): string {
  return { FULL_TIME: ui.fullTime, PART_TIME: ui.partTime, INTERN: ui.intern, CONTRACTOR: ui.contractor }[type];
}
