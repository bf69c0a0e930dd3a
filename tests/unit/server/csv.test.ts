import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseFormula, restoreNeutralised, toCsv } from '../../../server/csv.ts';

describe('CSV for Excel', () => {
  it.each(['=HYPERLINK("http://evil.example","Click")', '+91 98765 43210', '-2+3', '@SUM(A1:A2)', '\tindented', '\rreturn'])(
    'neutralises a text a spreadsheet would run as a formula: %j',
    (text) => {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    },
  );

  it('leaves other texts as they are', () => {
    for (const text of ['Asha Kumari', 'asha@example.com', '98765 43210', ' =not first', 'E000042']) expect(neutraliseFormula(text)).toBe(text);
  });

  it("gives a text already starting with ' and a formula one more, and reads back every text exactly", () => {
    expect(neutraliseFormula("'=1+1")).toBe("''=1+1");
    expect(neutraliseFormula("'tis")).toBe("'tis");
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', 'a', ' ') }), (text) => {
        expect(restoreNeutralised(neutraliseFormula(text))).toBe(text);
        expect(neutraliseFormula(text)).not.toMatch(/^[=+\-@\t\r]/);
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes every text, doubling quotes, and keeps numbers and empty cells plain', () => {
    expect(csvCell('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
  });

  it('writes UTF-8 with a byte-order mark and CRLF rows, so Excel reads names in any script', () => {
    const csv = toCsv(
      ['name', 'course'],
      [
        ['आशा कुमारी', 'Revit'],
        ['José', null],
      ],
    );
    expect(csv.startsWith('\uFEFF"name","course"\r\n')).toBe(true);
    expect(csv).toBe('\uFEFF"name","course"\r\n"आशा कुमारी","Revit"\r\n"José",\r\n');
  });
});
