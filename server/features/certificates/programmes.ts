import fs from 'node:fs';
import path from 'node:path';
import { translationLanguageOf } from '../../../engine/shared/language.ts';
import type { CourseDetail, InternshipProgram } from '../../../engine/types.ts';
import type { CertificateKind } from '../../db/schema.ts';

/** A programme a certificate can be for, as data/ describes it: where its description, skills, length and kind come from. */
export interface Programme {
  id: string;
  kind: CertificateKind;
  title: string;
  description?: string;
  skills?: string[];
  durationWeeks?: number;
}

export interface ProgrammeCatalogue {
  /** The programme with this id (a course in data/courseDetails, or an internship program in data/internshipPrograms). */
  get(id: string): Programme | undefined;
  /** Every id, for the import's "did you mean". */
  ids(): string[];
}

function readJson<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

/**
 * The programmes of data/, read from the project's content (validated by the
 * build): courses from data/courseDetails (their syllabus is what a holder
 * learned) and internship programs from data/internshipPrograms. Ids differ
 * in case between the two (WebDevelopment, webDevelopment), so one id names
 * one programme.
 */
function readCatalogue(root: string): ProgrammeCatalogue {
  const programmes = new Map<string, Programme>();
  const coursesDir = path.join(root, 'data', 'courseDetails');
  const courseFiles = fs.existsSync(coursesDir) ? fs.readdirSync(coursesDir).filter((f) => f.endsWith('.json') && !translationLanguageOf(f)) : [];
  for (const file of courseFiles.sort()) {
    const course = readJson<CourseDetail>(path.join(coursesDir, file));
    if (!course) continue;
    programmes.set(course.id, {
      id: course.id,
      kind: 'course',
      title: course.title,
      description: course.description,
      ...(course.syllabus.length ? { skills: course.syllabus } : {}),
      durationWeeks: course.durationWeeks,
    });
  }
  const internships = readJson<{ items: InternshipProgram[] }>(path.join(root, 'data', 'internshipPrograms.json'))?.items ?? [];
  for (const program of internships) {
    if (programmes.has(program.id)) continue;
    programmes.set(program.id, {
      id: program.id,
      kind: 'internship',
      title: program.title,
      ...(program.description ? { description: program.description } : {}),
      ...(program.skills?.length ? { skills: program.skills } : {}),
      durationWeeks: program.durationWeeks,
    });
  }
  return { get: (id) => programmes.get(id), ids: () => [...programmes.keys()] };
}

const catalogues = new Map<string, ProgrammeCatalogue>();

/** The catalogue of the project at root, read once per process (the content changes only with a new build and start). */
export function programmeCatalogue(root: string): ProgrammeCatalogue {
  let catalogue = catalogues.get(root);
  if (!catalogue) {
    catalogue = readCatalogue(root);
    catalogues.set(root, catalogue);
  }
  return catalogue;
}
