import { describe, expect, it } from 'vitest';
import { createSearcher, normaliseText, searchData, tokenize } from '../../../engine/search/searchEngine.ts';
import type { SearchRecord } from '../../../engine/search/searchTypes.ts';

/** Issue 36: Devanagari read by whole words, as students type them. */
describe('tokenize', () => {
  it('keeps a Devanagari word whole: its vowel signs, anusvara and virama are inside it', () => {
    // Split on everything but letters and digits, this was 11 fragments.
    expect(tokenize('इंटर्नशिप प्रमाणपत्र सत्यापन')).toEqual(['इंटर्नशिप', 'प्रमाणपत्र', 'सत्यापन']);
    expect(tokenize('कानून इंटर्नशिप')).toEqual(['कानून', 'इंटर्नशिप']);
    expect(tokenize('Python प्रोग्रामिंग')).toEqual(['python', 'प्रोग्रामिंग']);
  });

  it('splits at spaces, punctuation and the danda, as for English', () => {
    expect(tokenize('कोर्स। इंटर्नशिप, सर्टिफिकेट (ID)')).toEqual(['कोर्स', 'इंटर्नशिप', 'सर्टिफिकेट', 'id']);
    expect(tokenize('मीडिया और पत्रकारिता इंटर्नशिप')).toEqual(['मीडिया', 'और', 'पत्रकारिता', 'इंटर्नशिप']);
  });

  it('reads a word the same however its marks were typed (NFC)', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(tokenize(decomposed)).toEqual(tokenize(composed));
    expect(normaliseText(decomposed)).toBe(composed);
    // फ़ as one code point (U+095E) and as फ with a nukta (U+092B U+093C) are one letter.
    expect(tokenize('\u095Eार्मेसी')).toEqual(tokenize('\u092B\u093Cार्मेसी'));
  });

  it('leaves out what students often leave out: the nukta, the chandrabindu (as anusvara) and the joiners', () => {
    expect(tokenize('फ़ार्मेसी डिज़ाइन')).toEqual(tokenize('फार्मेसी डिजाइन'));
    expect(tokenize('हैँ')).toEqual(tokenize('हैं'));
    // A joiner changes how a conjunct is drawn, not the word: it neither splits the word nor makes another.
    expect(tokenize('क्\u200Dष')).toEqual(['क्ष']);
    expect(tokenize('क्\u200Cष')).toEqual(['क्ष']);
  });

  it('reads Devanagari digits and grouped figures as the digits the site writes', () => {
    expect(tokenize('₹६,०००')).toEqual(['6000']);
    expect(tokenize('₹6,000/month')).toEqual(['6000', 'month']);
  });
});

function record(id: string, title: string, text = ''): SearchRecord {
  return { id, kind: 'internshipStream', title, context: '', url: `/${id}`, rank: 0, primary: true, text: `${title} ${text}` };
}

describe('Devanagari in the search', () => {
  const search = createSearcher(
    JSON.parse(
      JSON.stringify(
        searchData(
          [
            record('law', 'लॉ इंटर्नशिप', 'एलएलबी के छात्रों के लिए'),
            record('pharmacy', 'फ़ार्मेसी इंटर्नशिप', 'बी फार्मा'),
            record('farming', 'टिकाऊ खेती (सस्टेनेबल फ़ार्मिंग)'),
          ],
          { कानून: 'लॉ' },
        ),
      ),
    ),
  );
  const marked = (query: string) => {
    const hit = search(query)[0]!;
    return hit.titleRanges.map(([from, to]) => hit.record.title.slice(from, to + 1));
  };

  it('finds a word typed with or without its nukta, and a query through a Devanagari synonym', () => {
    expect(search('फार्मेसी')[0]?.record.url).toBe('/pharmacy');
    expect(search('कानून इंटर्नशिप')[0]?.record.url).toBe('/law');
    // A wrong vowel sign is one typo.
    expect(search('फार्मसी')[0]?.record.url).toBe('/pharmacy');
  });

  it('leaves the Hindi question words out of the query', () => {
    expect(search('लॉ इंटर्नशिप कैसे मिलेगी')[0]?.record.url).toBe('/law');
  });

  it('marks whole letters: the word as written (its nukta too), and a beginning to the end of its conjunct', () => {
    expect(marked('फार्मेसी')).toEqual(['फ़ार्मेसी']);
    // "इंटर" ends before the virama that joins र to न: the mark takes the conjunct whole.
    expect(marked('लॉ इंटर')).toEqual(['लॉ', 'इंटर्न']);
  });
});
