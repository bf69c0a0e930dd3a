import { describe, expect, it } from 'vitest';
import { listMoves, moveTranslation, pointerMover } from '../../../editor/server/movingTranslations.ts';

const role = (id: string, title: string, skills: string[] = []) => ({ id, title, details: { stipend: 5000, skills } });
const entry = (source: string, text: string) => ({ source, text });

describe('where each item of a list went when the English changed', () => {
  it('follows items left as they were, moved, removed, added, and changed in place', () => {
    expect(listMoves(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([0, 1, 2]);
    // One removed: the items after it move up.
    expect(listMoves(['a', 'b', 'c', 'd'], ['a', 'c', 'd'])).toEqual([0, undefined, 1, 2]);
    // One put in the middle: the items after it move down.
    expect(listMoves(['a', 'b', 'c'], ['a', 'x', 'b', 'c'])).toEqual([0, 2, 3]);
    // One moved to the top.
    expect(listMoves(['a', 'b', 'c', 'd'], ['d', 'a', 'b', 'c'])).toEqual([1, 2, 3, 0]);
    // Changed in place (the same place between items that stayed), even with one put in before it.
    expect(listMoves(['a', 'b', 'c', 'd'], ['a', 'x', 'b', 'C', 'd'])).toEqual([0, 2, 3, 4]);
    expect(listMoves(['a', 'b'], ['A', 'B'])).toEqual([0, 1]);
  });

  it('finds an item moved and changed by its id', () => {
    const before = [role('corporate', 'Corporate Law'), role('criminal', 'Criminal Law'), role('ip', 'IP Law')];
    const after = [role('ip', 'Intellectual Property Law'), role('corporate', 'Corporate Law'), role('criminal', 'Criminal Law')];
    expect(listMoves(before, after)).toEqual([1, 2, 0]);
  });

  it('where one was also added or removed, takes a changed item for the one most like it, and guesses nothing when none is', () => {
    const skills = ['Drafting bail applications', 'Court research'];
    expect(listMoves(skills, ['Legal databases', 'Drafting of bail applications', 'Court research'])).toEqual([1, 2]);
    const sections = [
      { type: 'hero', title: 'Law Internships', image: '/images/law.svg' },
      { type: 'faq', items: ['Who can apply?'] },
    ];
    const changed = [{ type: 'callout', text: 'New' }, { type: 'hero', title: 'Law Internships in India', image: '/images/law.svg' }, sections[1]];
    expect(listMoves(sections, changed)).toEqual([1, 2]);
    // Two items between the same neighbours, one removed and the other changed past recognition: not known, so left.
    expect(listMoves(['a', 'b', 'c', 'd'], ['a', 'X', 'd'])).toEqual([0, undefined, undefined, 2]);
  });
});

describe('a translation moved with its English', () => {
  const before = {
    title: 'Law Internships',
    sections: [{ type: 'roleSelector', roles: [role('corporate', 'Corporate Law', ['Drafting', 'Research']), role('criminal', 'Criminal Law', ['Bail'])] }],
  };
  const translation = {
    $schema: '../../schemas/translation.schema.json',
    texts: {
      '/title': entry('Law Internships', 'लॉ इंटर्नशिप'),
      '/sections/0/roles/0/title': entry('Corporate Law', 'कॉर्पोरेट लॉ'),
      '/sections/0/roles/0/details/skills/0': entry('Drafting', 'ड्राफ़्टिंग'),
      '/sections/0/roles/0/details/skills/1': entry('Research', 'रिसर्च'),
      '/sections/0/roles/1/title': entry('Criminal Law', 'क्रिमिनल लॉ'),
      '/sections/0/roles/1/details/skills/0': entry('Bail', 'बेल'),
    },
  };

  it('stays as it is when no list moved (a text changed in place stays at its place, to check)', () => {
    const after = structuredClone(before);
    after.title = 'Law Internships in India';
    expect(moveTranslation(translation, before, after)).toBe(translation);
  });

  it('follows a role removed above it and a skill put before another, and leaves out the texts of the role removed', () => {
    const after = structuredClone(before);
    after.sections[0]!.roles = [role('criminal', 'Criminal Law', ['Legal databases', 'Bail'])];
    expect(moveTranslation(translation, before, after).texts).toEqual({
      '/title': entry('Law Internships', 'लॉ इंटर्नशिप'),
      '/sections/0/roles/0/title': entry('Criminal Law', 'क्रिमिनल लॉ'),
      '/sections/0/roles/0/details/skills/1': entry('Bail', 'बेल'),
    });
  });

  it('follows sections and roles moved', () => {
    const [stream] = structuredClone(before).sections;
    stream!.roles.reverse();
    const after = { ...before, sections: [{ type: 'faq', items: [] }, stream] };
    const moved: Record<string, unknown> = moveTranslation(translation, before, after).texts;
    expect(moved['/sections/1/roles/1/title']).toEqual(entry('Corporate Law', 'कॉर्पोरेट लॉ'));
    expect(moved['/sections/1/roles/0/details/skills/0']).toEqual(entry('Bail', 'बेल'));
    expect(Object.keys(moved)).toHaveLength(6);
  });

  it('leaves a text that is not the English’s (written by hand somewhere else) where it is, for the check to report', () => {
    expect(pointerMover(before, { ...before, sections: [] })('/nowhere/0')).toBe('/nowhere/0');
    expect(pointerMover(before, { ...before, sections: [] })('/sections/0/roles/0/title')).toBeUndefined();
  });
});
