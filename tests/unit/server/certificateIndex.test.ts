import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CertificateIndexBuilder } from '../../../server/repositories/certificateIndex.ts';

const asciiId = fc.stringMatching(/^[A-Z]{2,4}[0-9]{2}\/[0-9]{1,8}$/);
// Anything a request might hold after trimming: other shapes, letters beyond ASCII, very long IDs.
const anyId = fc.oneof(asciiId, fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 }), fc.string({ minLength: 250, maxLength: 300 }));
const answerJson = fc.record({ studentName: fc.string({ unit: 'grapheme', maxLength: 20 }), marks: fc.string({ maxLength: 4 }) });

async function build(records: Map<string, unknown>, maxBytes = 1 << 26) {
  const builder = new CertificateIndexBuilder(maxBytes);
  for (const [id, value] of records) expect(builder.add(id, JSON.stringify(value))).toBeUndefined();
  return builder.finish();
}

describe('CertificateIndex', () => {
  it('answers exactly what a lookup of each ID in turn would, in the order asked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(asciiId, answerJson), { selector: ([id]) => id, maxLength: 300 }), fc.array(anyId, { maxLength: 50 }), async (entries, extra) => {
        const records = new Map(entries.map(([id, value]) => [id, { certificateID: id, ...value }]));
        const index = await build(records);
        expect(index.size).toBe(records.size);
        // Held IDs and others, mixed, some asked twice.
        const asked = [...extra, ...[...records.keys()].filter((_, i) => i % 3 === 0), ...extra.slice(0, 2), ...[...records.keys()].slice(0, 2)];
        const expected = asked.filter((id) => records.has(id)).map((id) => records.get(id));
        expect(JSON.parse(index.answer(asked).toString('utf8'))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('finds every one of 50,000 IDs and none of 50,000 others (long probe runs included)', async () => {
    const records = new Map<string, unknown>();
    for (let i = 0; i < 50_000; i++) records.set(`IC25/${String(i).padStart(6, '0')}`, { n: i });
    const index = await build(records);
    for (let i = 0; i < 50_000; i += 10) {
      const asked = Array.from({ length: 10 }, (_, k) => `IC25/${String(i + k).padStart(6, '0')}`);
      expect(JSON.parse(index.answer(asked).toString())).toEqual(asked.map((_, k) => ({ n: i + k })));
      expect(index.answer(asked.map((id) => id.replace('IC25', 'IC26'))).toString()).toBe('[]');
    }
  });

  it('tells apart IDs whose hashes are the same, whichever is held', async () => {
    // Found by search: FNV-1a gives each pair one hash.
    const pairs = [
      ['HC25/16034', 'HC25/1698840'],
      ['HC25/16035', 'HC25/1698841'],
    ];
    const index = await build(new Map([[pairs[0]![0]!, { n: 0 }], [pairs[0]![1]!, { n: 1 }], [pairs[1]![1]!, { n: 3 }]]));
    expect(JSON.parse(index.answer([pairs[0]![1]!, pairs[0]![0]!, pairs[1]![0]!, pairs[1]![1]!]).toString())).toEqual([{ n: 1 }, { n: 0 }, { n: 3 }]);
  });

  it('answers [] for no IDs and keeps letters beyond ASCII in the answers exactly', async () => {
    const index = await build(new Map([['IC25/000001', { studentName: 'Zoë "Zed" \\ अनन्या ✓' }]]));
    expect(index.answer([]).toString()).toBe('[]');
    expect(JSON.parse(index.answer(['IC25/000001', 'IC25/00000１']).toString())).toEqual([{ studentName: 'Zoë "Zed" \\ अनन्या ✓' }]);
  });

  it('refuses IDs it cannot hold, and records past its memory limit', async () => {
    const builder = new CertificateIndexBuilder(1024);
    expect(builder.add('IC25/00000１', '{}')).toBe('unsuitable');
    expect(builder.add('', '{}')).toBe('unsuitable');
    expect(builder.add('I'.repeat(256), '{}')).toBe('unsuitable');
    let added = 0;
    while (builder.add(`IC25/${String(added).padStart(6, '0')}`, JSON.stringify({ n: 'x'.repeat(100) })) === undefined) added++;
    expect(added).toBeGreaterThan(0);
    const index = await builder.finish();
    expect(index.bytes).toBeLessThanOrEqual(1024);
    expect(index.size).toBe(added);
  });

  it('finishes in steps, pausing between them, so that a server can go on answering', async () => {
    const builder = new CertificateIndexBuilder(1 << 26);
    for (let i = 0; i < 250_000; i++) builder.add(`IC25/${String(i).padStart(6, '0')}`, '{}');
    let pauses = 0;
    const index = await builder.finish(async () => {
      pauses++;
    });
    expect(pauses).toBeGreaterThanOrEqual(3);
    expect(index.answer(['IC25/249999']).toString()).toBe('[{}]');
  });
});
