import type { Applyable } from '../../engine/types.ts';

const internshipQuestions: Applyable['questions'] = [
  { id: 'yearOfStudy', label: 'Year of study', kind: 'yearOfStudy', required: true },
  { id: 'degree', label: 'Degree', kind: 'degree', required: true },
  { id: 'college', label: 'College or university', kind: 'shortText', required: true },
  { id: 'whyYou', label: 'Why should we pick you for this role?', kind: 'longText', required: true },
  { id: 'startDate', label: 'When can you start?', kind: 'date', required: true },
  { id: 'hoursPerWeek', label: 'Hours a week you can give', kind: 'number', required: true, min: 5, max: 40 },
];

/** What the API tests apply for: two law roles sharing a programme of two seats, a course, and a role whose Apply is an external form. */
export const testApplyables: Applyable[] = [
  {
    kind: 'internship',
    id: 'law/corporateLaw',
    title: 'Corporate Law',
    page: '/internship/law?role=corporateLaw',
    onSite: true,
    programme: { id: 'law', title: 'Law', seats: 2 },
    whoCanApply: { fromYear: 3, degrees: ['LLB', 'BA LLB'] },
    form: 'internship',
    questions: internshipQuestions,
    durationWeeks: 8,
    skills: ['Contract drafting and review', 'Due diligence reporting'],
  },
  {
    kind: 'internship',
    id: 'law/criminalLaw',
    title: 'Criminal Law',
    page: '/internship/law?role=criminalLaw',
    onSite: true,
    programme: { id: 'law', title: 'Law', seats: 2 },
    whoCanApply: { fromYear: 1, degrees: ['LLB', 'BA LLB'] },
    form: 'internship',
    questions: internshipQuestions,
  },
  {
    kind: 'course',
    id: 'WebDevelopment',
    title: 'Web Development',
    page: '/courses/WebDevelopment',
    onSite: true,
    form: 'course',
    questions: [{ id: 'batch', label: 'Which classes suit you?', kind: 'choice', options: ['Weekdays', 'Weekends'], required: true }],
  },
  { kind: 'opening', id: 'campusAmbassador', title: 'Campus Ambassador', page: '/jobs', onSite: false, form: 'job', questions: [] },
];

/** A second-year law student's answers, fit for criminal law (any year) and not for corporate law (third year on). */
export function lawAnswers(overrides: Record<string, string> = {}): Record<string, string> {
  const start = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return {
    yearOfStudy: '2',
    degree: 'BA LLB',
    college: 'Chanakya National Law University',
    whyYou: 'I have drafted and argued in three moot courts.',
    startDate: start,
    hoursPerWeek: '15',
    ...overrides,
  };
}
