import { fillCount } from '../../shared/fill.ts';
import { renderLocale } from '../../shared/language.ts';
import type { UiCertificate } from '../../types.ts';
import type { CertificateVerdictKind } from '../../ui/CertificateFacts.tsx';

/** What one ID asked for turned out to be: a certificate's verdict, or nothing found. */
export type Outcome = CertificateVerdictKind | 'notFound';

const ORDER: readonly Outcome[] = ['valid', 'revoked', 'sample', 'notFound'];

/**
 * The line above the answers: how many IDs were checked, then how many are valid, revoked, samples and not found,
 * each counted apart (a revoked certificate is found, but is no proof), those with none left out.
 */
export function certificateSummary(ui: UiCertificate, outcomes: readonly Outcome[]): string {
  const words: Record<Outcome, UiCertificate['summarySample']> = {
    valid: { one: ui.summaryValid, other: ui.summaryValid },
    revoked: { one: ui.summaryRevoked, other: ui.summaryRevoked },
    sample: ui.summarySample,
    notFound: { one: ui.summaryNotFound, other: ui.summaryNotFound },
  };
  const parts = ORDER.flatMap((outcome) => {
    const n = outcomes.filter((o) => o === outcome).length;
    return n > 0 ? [fillCount(words[outcome], n)] : [];
  });
  return fillCount(ui.summary, outcomes.length, { parts: new Intl.ListFormat(renderLocale(), { type: 'conjunction' }).format(parts) });
}
