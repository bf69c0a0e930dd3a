import { describe, expect, it } from 'vitest';
import { model } from '../../../tests/support/renderSection.tsx';
import { certificateSummary } from './summary.ts';

/** Issue 37: a pasted list read "2 of 3 certificate IDs found" when one of the two was revoked. */
describe('the summary above several certificates', () => {
  const ui = model.site.ui.certificate;

  it('counts valid, revoked and not found apart: a revoked certificate is no proof', () => {
    expect(certificateSummary(ui, ['valid', 'revoked', 'notFound'])).toBe('3 certificate IDs checked: 1 valid, 1 revoked and 1 not found');
  });

  it('counts samples apart, leaves out what has none, and writes the plural', () => {
    expect(certificateSummary(ui, ['sample', 'sample', 'notFound'])).toBe('3 certificate IDs checked: 2 samples and 1 not found');
    expect(certificateSummary(ui, ['revoked', 'revoked'])).toBe('2 certificate IDs checked: 2 revoked');
    expect(certificateSummary(ui, ['valid'])).toBe('1 certificate ID checked: 1 valid');
  });
});
