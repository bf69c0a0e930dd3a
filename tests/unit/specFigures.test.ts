import { describe, expect, it } from 'vitest';
import { figuresFromSpec, SPEC_FILE, specText } from '../support/readSpec.ts';
import { catalogueFigures, courseTable, donationFigures, jobFigures, referralFigures, seats, specFigures, stipends } from '../support/specFigures.ts';

/** The figures the tests hold the site to, checked against a few read from the spec by eye, so a misread cannot pass silently. */
describe('the spec figures the tests use (tests/fixtures/specFigures.json)', () => {
  it('hold all 16 rows of the course table', () => {
    const rows = courseTable();
    expect(rows).toHaveLength(16);
    expect(rows[0]).toEqual({
      name: 'Web Development',
      oldPrice: 20000,
      newPrice: 15000,
      discount: 25,
      weeks: 12,
      weeklyHours: 6,
      hours: '100+',
      projects: '20+',
      caseStudies: null,
    });
    expect(rows.find((r) => r.name === 'Supply Chain & Logistics')).toMatchObject({ hours: '80+', projects: null, caseStudies: '15+', weeklyHours: null });
  });
  it('hold the stipends', () => {
    const s = stipends();
    expect(s.law).toHaveLength(6);
    expect(s.law[0]).toEqual({ label: 'corporate', stipend: 6000, weeks: 8 });
    expect(s.engineering).toHaveLength(8);
    expect(s.bca).toHaveLength(6);
    expect(s.otherFields.map((f) => [f.weeks, f.stipend])).toEqual([
      [6, 6000],
      [8, 7000],
      [8, 7500],
      [10, 8000],
      [12, 9000],
    ]);
    expect(s.agriculture.map((f) => [f.weeks, f.stipend])).toEqual([
      [8, 5000],
      [10, 6000],
      [6, 4500],
      [8, 5500],
      [6, 5000],
    ]);
  });
  it('hold the job figures', () => {
    const jobs = jobFigures();
    expect(jobs['Architectural Jobs']).toEqual([
      { role: 'Architect', experience: [3, 7], salary: [8, 15] },
      { role: 'Urban Planner', experience: [4, 8], salary: [10, 18] },
      { role: 'Construction Manager', experience: [5, 10], salary: [12, 20] },
    ]);
    expect(jobs['Graphic Design Jobs']).toHaveLength(5);
    expect(Object.values(jobs).flat()).toHaveLength(19);
  });
  it('hold seats, referral, donation and catalogue figures', () => {
    expect(seats()).toEqual({ byProgram: { 'BE/BTech/MTech': 15, 'BCA/MCA': 10, 'BBA/MBA': 8, 'BCom/MCom': 12 }, others: 20 });
    expect(referralFigures()).toEqual({ reward: 50, referrals: [45, 38, 30, 25, 20], earnings: [2250, 1900, 1500, 1250, 1000], copiedMs: 2000 });
    expect(donationFigures()).toMatchObject({
      raised: '68,000',
      goal: '1,00,000',
      percent: 68,
      impact: ['142+', '3.8L+', '98%', '24'],
      imageSlider: { count: 4, interval: 4000 },
      testimonialSlider: { interval: 5000 },
    });
    const catalogue = catalogueFigures();
    expect(catalogue.categories.map((c) => [c.title, c.first, c.last])).toEqual([
      ['Popular Courses', 1, 24],
      ['Computer Science and Engineering', 25, 34],
      ['Civil Engineering', 35, 39],
      ['EE/ECE', 40, 52],
      ['Mechanical Engineering', 53, 56],
      ['Artificial Intelligence (AI)', 57, 68],
    ]);
    expect(catalogue).toMatchObject({ price: 899, listPrice: 1499, weeks: 8, chatbotWeeks: 6 });
  });

  // The spec is reference material outside the project: checked against only when SPEC_FILE names it.
  const text = specText();
  it.skipIf(!text)(`are the figures of the spec itself${text ? ` (${SPEC_FILE})` : ' (set SPEC_FILE to the spec to check them)'}`, () => {
    const { $comment: _comment, ...fixture } = specFigures() as ReturnType<typeof specFigures> & { $comment?: string };
    expect(fixture, 'the spec changed: rewrite the fixture with npx tsx tests/support/readSpec.ts --write, then check what moved').toEqual(
      figuresFromSpec(text!),
    );
  });
});
