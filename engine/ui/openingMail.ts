import { fill } from '../runtime/text.ts';

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
