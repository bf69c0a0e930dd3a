/**
 * A friend's referral code (?ref=… on any page of the site) is kept in this
 * browser for 30 days, so the friend is credited when the visitor signs up,
 * even after looking round the site first. Only the code and when it came.
 */
const KEY = 'ic_referral';
const DAYS = 30;
const CODE = /^[A-Za-z0-9]{4,40}$/;

export function rememberReferralCode(search: string): void {
  const code = new URLSearchParams(search).get('ref');
  if (!code || !CODE.test(code)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ code, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the code in the sign-up page's own address still counts.
  }
}

export function rememberedReferralCode(): string | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { code?: unknown; at?: unknown } | null;
    if (typeof kept?.code === 'string' && typeof kept.at === 'number' && Date.now() - kept.at < DAYS * 86_400_000) return kept.code;
  } catch {
    // Nothing usable kept.
  }
  return undefined;
}

/** A member's own referral link: the sign-up page of this site with their code. */
export function referralLink(signupPath: string, code: string): string {
  return `${window.location.origin}${signupPath}?ref=${encodeURIComponent(code)}`;
}

export function forgetReferralCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
