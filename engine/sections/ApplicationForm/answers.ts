import { fill } from '../../runtime/text.ts';
import { ANSWER_MAX_LENGTH, type AppliedFor } from '../../shared/applyables.ts';
import { degreeFits, GRADUATE, yearFits } from '../../shared/eligibility.ts';
import { renderLocale } from '../../shared/language.ts';
import type { ApplicationQuestion, Applyable, PageUi, UiApplicationForm } from '../../types.ts';

export type Answers = Record<string, string>;

/**
 * What is wrong with each answer, checked as the server checks it (server/features/applications/service.ts), so a
 * refusal is said beside its question before anything is sent: an empty required answer, a line with a line break or
 * too long, a number outside its range, a day before today, a choice not offered.
 */
export function answerProblems(questions: readonly ApplicationQuestion[], answers: Answers, words: UiApplicationForm, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of questions) {
    const value = answers[question.id]?.trim() ?? '';
    if (!value) {
      if (question.required) problems[question.id] = words.required;
      continue;
    }
    const problem = problemOf(question, value, words, today);
    if (problem) problems[question.id] = problem;
  }
  return problems;
}

function problemOf(question: ApplicationQuestion, value: string, words: UiApplicationForm, today: string): string | undefined {
  switch (question.kind) {
    case 'yearOfStudy':
      return /^[1-5]$/.test(value) || value === GRADUATE ? undefined : words.choiceNeeded;
    case 'degree':
    case 'shortText':
      if (/[\r\n]/.test(value)) return words.oneLine;
      return value.length > ANSWER_MAX_LENGTH.line ? fill(words.tooLong, { count: ANSWER_MAX_LENGTH.line }) : undefined;
    case 'longText':
      return value.length > ANSWER_MAX_LENGTH.text ? fill(words.tooLong, { count: ANSWER_MAX_LENGTH.text }) : undefined;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= today ? undefined : words.dateFromToday;
    case 'number': {
      const n = Number(value);
      const fits = /^\d{1,4}$/.test(value) && (question.min === undefined || n >= question.min) && (question.max === undefined || n <= question.max);
      return fits ? undefined : fill(words.numberRange, { min: question.min ?? 0, max: question.max ?? 9999 });
    }
    case 'choice':
      return question.options?.includes(value) ? undefined : words.choiceNeeded;
  }
  return undefined;
}

/** The answers the server takes: every question's trimmed answer, empty ones left out. */
export function answersToSend(questions: readonly ApplicationQuestion[], answers: Answers): Answers {
  const out: Answers = {};
  for (const question of questions) {
    const value = answers[question.id]?.trim();
    if (value) out[question.id] = value;
  }
  return out;
}

/** Her answers to the questions about who can apply: the year of study and the degree, when the form asks them. */
export function eligibilityAnswers(questions: readonly ApplicationQuestion[], answers: Answers): { year: string; degree: string } {
  const of = (kind: ApplicationQuestion['kind']) => {
    const question = questions.find((q) => q.kind === kind);
    return question ? (answers[question.id]?.trim() ?? '') : '';
  };
  return { year: of('yearOfStudy'), degree: of('degree') };
}

/**
 * Whether her answers fit who can apply, in words, before she sends (the server refuses the same with NOT_ELIGIBLE):
 * undefined while she has said neither her year nor her degree, or for something anyone can apply for.
 */
export function eligibilityVerdict(
  applyable: Applyable,
  answers: Answers,
  ui: PageUi,
  words: UiApplicationForm,
): { fits: boolean; sentence: string } | undefined {
  const who = applyable.whoCanApply;
  if (!who) return undefined;
  const { year, degree } = eligibilityAnswers(applyable.questions, answers);
  if (!year && !degree) return undefined;
  const yours = year === GRADUATE ? ui.finder.graduated : (ui.finder.years[Number(year) - 1] ?? year);
  if (!yearFits(who, year)) {
    return {
      fits: false,
      sentence:
        year === GRADUATE
          ? fill(words.noGraduates, { yours })
          : fill(words.yearTooEarly, { year: ui.finder.years[who.fromYear - 1] ?? String(who.fromYear), yours }),
    };
  }
  if (!degreeFits(who, degree)) return { fits: false, sentence: fill(words.degreeNotListed, { degrees: listed(who.degrees), degree }) };
  return { fits: true, sentence: words.fits };
}

/** BPharm, MPharm and PharmD. */
function listed(items: readonly string[]): string {
  return new Intl.ListFormat(renderLocale(), { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * Her earlier answers offered again where this form asks the same question (the same id) and she has not answered
 * it yet: what she typed here always wins.
 */
export function withEarlierAnswers(answers: Answers, earlier: Answers, questions: readonly ApplicationQuestion[]): Answers {
  const out = { ...answers };
  for (const question of questions) {
    const before = earlier[question.id];
    // A day already past is no answer to "when can you start?".
    if (before && !out[question.id]?.trim() && question.kind !== 'date') out[question.id] = before;
  }
  return out;
}

/** What she typed, kept in this tab while she signs up or logs in, follows a link and comes back, or reloads. */
export interface Draft {
  answers: Answers;
  /** The role she chose, when the form was opened for a programme. */
  role?: string | undefined;
}

export function draftKey(subject: AppliedFor): string {
  return `apply:${subject.kind}:${subject.id}`;
}

export function readDraft(subject: AppliedFor): Draft | undefined {
  try {
    const raw = window.sessionStorage.getItem(draftKey(subject));
    const parsed = raw ? (JSON.parse(raw) as Draft) : undefined;
    return parsed && typeof parsed.answers === 'object' && parsed.answers !== null ? parsed : undefined;
  } catch {
    // Storage turned off, or a value that is not ours: the form starts empty.
    return undefined;
  }
}

export function keepDraft(subject: AppliedFor, draft: Draft | undefined): void {
  try {
    if (draft) window.sessionStorage.setItem(draftKey(subject), JSON.stringify(draft));
    else window.sessionStorage.removeItem(draftKey(subject));
  } catch {
    // Storage full or turned off: the answers stay on the page, which is all this adds to.
  }
}
