import type { ApplicationForm, Applyable, JobOpening } from '../types.ts';
import { employmentTypeLabel } from '../ui/openingMail.ts';
import type { ContentModel } from './contentModel.ts';
import type { ContentIndex } from './sectionDefinition.ts';

/** The form each kind of thing asks when its content names none (data/applicationForms.json). */
export const USUAL_FORM: Record<Applyable['kind'], string> = { internship: 'internship', course: 'course', job: 'job', opening: 'job' };

/**
 * The questions of an application form. A form named in content is checked when it is validated (an unknown name is
 * UNKNOWN_REFERENCE); the usual form of a kind is not named anywhere, so a site that deleted it stops here, saying so.
 */
export function formQuestions(model: ContentModel, form: string, askedBy: string): Applyable['questions'] {
  const record = model.entities.get('applicationForms')?.get(form);
  if (!record) {
    throw new Error(
      `${askedBy} asks the application form "${form}", which data/applicationForms.json does not have: add a form with that id, or name one of its forms (applicationForm).`,
    );
  }
  return (record.entity as unknown as ApplicationForm).questions;
}

/**
 * Adds one thing to the catalogue. Its kind and id are what an application names, so two things with the same ones
 * (two streams of one programme with a role id in common) would take each other's applications: the build stops.
 */
export function addApplyable(index: ContentIndex, item: Applyable): void {
  const same = index.applyables.find((a) => a.kind === item.kind && a.id === item.id);
  if (same) {
    throw new Error(
      `Two things to apply for are both ${item.kind} "${item.id}" (${same.page} and ${item.page}): applications could not tell them apart. Give one of the roles another id, or its stream another programme.`,
    );
  }
  index.applyables.push(item);
}

/** An opening as a thing to apply for, shown by the page at `path`: by the spec's mail unless the content says applyOnSite. */
export function openingApplyable(opening: JobOpening, path: string, model: ContentModel): Applyable {
  const ui = model.site.ui.openings;
  const form = opening.applicationForm ?? USUAL_FORM.opening;
  return {
    kind: 'opening',
    id: opening.id,
    title: opening.title,
    page: path,
    onSite: opening.applyOnSite === true,
    form,
    questions: formQuestions(model, form, path),
    facts: [
      { label: ui.location, value: opening.location },
      { label: ui.type, value: employmentTypeLabel(ui, opening.employmentType) },
      ...(opening.salaryLpa ? [{ label: ui.salary, value: `₹${opening.salaryLpa.min}-${opening.salaryLpa.max} LPA` }] : []),
    ],
  };
}
