import { describe, expect, it } from 'vitest';
import { applyables as catalogue, firstUse, model, renderSection, site, textOf } from '../../../tests/support/renderSection.tsx';
import type { Applyable } from '../../types.ts';
import { answerProblems, answersToSend, eligibilityVerdict, withEarlierAnswers } from './answers.ts';

const words = model.site.ui.applications.form;
const ui = model.site.ui;
const find = (kind: Applyable['kind'], id: string) => {
  const item = catalogue.find((a) => a.kind === kind && a.id === id);
  expect(item, `${kind} ${id} is not in the catalogue the build writes`).toBeDefined();
  return item!;
};
const today = '2026-11-27';

describe('applicationForm', () => {
  it('prerenders its heading and a loading line: what is applied for comes from the address, once the page is live', async () => {
    const use = firstUse('applicationForm');
    expect(use, 'no page uses an applicationForm section yet').toBeDefined();
    const html = textOf(await renderSection(use!.page, use!.section, `${use!.page.path}?internship=law/criminalLaw`));
    expect(html).toContain(use!.section.title);
    expect(html).toContain(words.loading);
    expect(site.landmarks.apply).toBe(use!.page.path);
  });

  it("is given every role of every stream, every course and every job by the build, each with its programme's seats and form", () => {
    const corporate = find('internship', 'law/corporateLaw');
    expect(corporate).toMatchObject({
      onSite: true,
      programme: { id: 'law', title: 'Law', seats: 20 },
      form: 'internship',
      page: '/internship/law?role=corporateLaw',
    });
    expect(corporate.whoCanApply).toEqual({ fromYear: 3, degrees: ['LLB', 'BA LLB'] });
    expect(corporate.questions.map((q) => q.id)).toContain('yearOfStudy');
    // The spec's seats per programme, from /enroll's content.
    expect(find('internship', 'beBtechMtech/softwareEngineering').programme?.seats).toBe(15);
    // A stream of its own (Business Analyst) is its own programme with the site's usual seats.
    const analyst = catalogue.filter((a) => a.page.startsWith('/internship/Business Analyst'));
    expect(analyst.length).toBeGreaterThan(0);
    expect(new Set(analyst.map((a) => a.programme?.id))).toEqual(new Set(['businessAnalyst']));
    expect(analyst[0]!.programme?.seats).toBe(model.site.applications.defaultSeats);
    // Every stream page's roles are there: 13 programmes of /enroll and the Business Analyst program.
    expect(new Set(catalogue.filter((a) => a.kind === 'internship').map((a) => a.programme?.id)).size).toBe(14);
    expect(find('course', 'WebDevelopment')).toMatchObject({ onSite: true, form: 'course' });
    // Job roles and openings keep the spec's mail link unless content says otherwise.
    expect(catalogue.filter((a) => a.kind === 'job' || a.kind === 'opening').every((a) => !a.onSite)).toBe(true);
    expect(catalogue.some((a) => a.kind === 'job')).toBe(true);
    // Kind and id name one thing each.
    expect(new Set(catalogue.map((a) => `${a.kind}:${a.id}`)).size).toBe(catalogue.length);
  });

  it('marks each answer the server would refuse, before anything is sent', () => {
    const questions = find('internship', 'law/corporateLaw').questions;
    const good = { yearOfStudy: '3', degree: 'BA LLB', college: 'NLU Delhi', whyYou: 'Moot courts.', startDate: today, hoursPerWeek: '15' };
    expect(answerProblems(questions, good, words, today)).toEqual({});
    const bad = { ...good, college: 'two\nlines', whyYou: ' ', startDate: '2026-11-26', hoursPerWeek: '41', yearOfStudy: '6' };
    expect(answerProblems(questions, bad, words, today)).toEqual({
      college: words.oneLine,
      whyYou: words.required,
      startDate: words.dateFromToday,
      hoursPerWeek: 'Give a whole number from 5 to 40.',
      yearOfStudy: words.choiceNeeded,
    });
    expect(answerProblems(questions, { ...good, college: 'x'.repeat(201) }, words, today)).toEqual({ college: 'Keep it to 200 characters.' });
    // Sent trimmed, an empty optional answer left out.
    expect(answersToSend(questions, { ...good, college: '  NLU Delhi ', unknown: 'x' })).toEqual(good);
  });

  it("says before sending whether her year and degree fit who can apply, in the role's terms", () => {
    const corporate = find('internship', 'law/corporateLaw');
    const criminal = find('internship', 'law/criminalLaw');
    expect(eligibilityVerdict(corporate, {}, ui, words)).toBeUndefined();
    expect(eligibilityVerdict(criminal, { yearOfStudy: '2', degree: 'BA LLB' }, ui, words)).toEqual({ fits: true, sentence: words.fits });
    expect(eligibilityVerdict(corporate, { yearOfStudy: '2', degree: 'BA LLB' }, ui, words)).toEqual({
      fits: false,
      sentence: 'This role is not open to you yet. Who can apply: Third year or above. Your answer: Second year.',
    });
    expect(eligibilityVerdict(criminal, { yearOfStudy: '2', degree: 'BCom' }, ui, words)).toEqual({
      fits: false,
      sentence: 'This role is for LLB and BA LLB students. Your answer: BCom.',
    });
    expect(eligibilityVerdict(criminal, { yearOfStudy: 'graduate', degree: 'LLB' }, ui, words)?.fits).toBe(false);
  });

  it('offers her earlier answers only where she has typed nothing, and never a past start date', () => {
    const questions = find('internship', 'law/criminalLaw').questions;
    const earlier = { yearOfStudy: '2', college: 'NLU Delhi', startDate: '2026-01-01', unrelated: 'x' };
    expect(withEarlierAnswers({ college: 'Typed here' }, earlier, questions)).toEqual({ college: 'Typed here', yearOfStudy: '2' });
  });
});
