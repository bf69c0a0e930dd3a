import fs from 'node:fs';
import type { figuresFromSpec } from './readSpec.ts';
import { FIXTURE_FILE } from './readSpec.ts';

/**
 * The figures of the product spec (prices, stipends, salaries, timings), as
 * the project keeps them in tests/fixtures/specFigures.json: tests compare the
 * rendered site with these rather than with our own content. A unit test checks
 * the fixture against the spec's text whenever the spec is beside the clone.
 */
type SpecFigures = ReturnType<typeof figuresFromSpec>;

export type { CourseRow, JobFigure, StipendFigure } from './readSpec.ts';

const figures = JSON.parse(fs.readFileSync(FIXTURE_FILE, 'utf8')) as SpecFigures;

export const courseTable = () => figures.courseTable;
export const stipends = () => figures.stipends;
export const jobFigures = () => figures.jobFigures;
export const seats = () => figures.seats;
export const referralFigures = () => figures.referralFigures;
export const donationFigures = () => figures.donationFigures;
export const catalogueFigures = () => figures.catalogueFigures;
export const specFigures = () => figures;
