import { describe, expect, it } from 'vitest';
import { rewriteJson } from '../../../editor/server/jsonEdits.ts';

const text = `{
  "path": "/x",
  "title": "X",
  "sections": [
    { "type": "hero", "title": "One" },
    {
      "type": "faq",
      "items": ["a", "b", "c"]
    }
  ]
}
`;
const value = () => JSON.parse(text);

describe('writing a changed document into the text it came from', () => {
  it('gives back the same text for the same value', () => {
    expect(rewriteJson(text, value(), value())).toBe(text);
  });

  it('changes one value in place, keeping the layout around it', () => {
    const next = value();
    next.sections[0].title = 'Two';
    expect(rewriteJson(text, value(), next)).toBe(text.replace('"title": "One"', '"title": "Two"'));
  });

  it('puts a new property after the one before it in the document, not at the end', () => {
    const next = { path: '/x', title: 'X', description: 'New', sections: value().sections };
    const out = rewriteJson(text, value(), next);
    expect(Object.keys(JSON.parse(out))).toEqual(['path', 'title', 'description', 'sections']);
    expect(out).toContain('  "title": "X",\n  "description": "New",\n  "sections"');
  });

  it('removes, adds and moves items of a list', () => {
    const next = value();
    next.sections[1].items = ['c', 'a', 'd'];
    next.sections.reverse();
    const out = rewriteJson(text, value(), next);
    expect(JSON.parse(out)).toEqual(next);
  });

  it('writes added parts in the project’s format (two spaces, one item a line), as `npm run new` writes files', () => {
    const doc = {
      a: 1,
      list: [
        { id: 'one', tags: ['x', 'y'] },
        { id: 'two', tags: [] },
      ],
    };
    const formatted = `${JSON.stringify(doc, null, 2)}\n`;
    const without = { ...doc, list: [doc.list[0]] };
    const removed = rewriteJson(formatted, doc, without);
    expect(removed).toBe(`${JSON.stringify(without, null, 2)}\n`);
    expect(rewriteJson(removed, without, doc)).toBe(formatted);
  });
});
