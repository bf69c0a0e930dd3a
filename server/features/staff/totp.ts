import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { tokenHash } from '../../security/tokens.ts';

/** Six digits every 30 seconds (RFC 6238, SHA-1): what every authenticator app reads from the QR code or URI. */
function totpOf(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A new secret (160 bits, base32) and the otpauth:// URI an authenticator app reads. */
export function newTotpSecret(label: string, issuer: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label, issuer).toString() };
}

/** The setup address as a QR code an authenticator app scans: SVG made here, so the console needs no QR code of its own. */
export async function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export function totpUri(secret: string, label: string, issuer: string): string {
  return totpOf(secret, label, issuer).toString();
}

/** The time step a code belongs to, allowing one step either side for a phone's clock; undefined for a wrong code. */
export function totpStep(secret: string, code: string, now = Date.now()): number | undefined {
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 30_000) + delta;
}

/** How far from now (in 30-second steps) a code refused by totpStep belongs, looked for up to 10 minutes either way. */
export const STEPS_LOOKED_AT = 20;

/**
 * Why a code of six digits that is not current was refused, as far as the secret can tell: one from a few steps ago
 * (typed late: expired), or from further off (the phone's clock out of step, by about so many minutes). A code no step
 * within STEPS_LOOKED_AT gives is another secret's or mistyped: the two cannot be told apart.
 */
export function codeOffset(secret: string, code: string, now = Date.now()): { steps: number } | undefined {
  const delta = totpOf(secret, 'x', 'x').validate({ token: code, timestamp: now, window: STEPS_LOOKED_AT });
  return delta === null ? undefined : { steps: delta };
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes like "k7m2p-q9x4t" (about 50 bits each), shown once; only their SHA-256 is kept. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function looksLikeRecoveryCode(value: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(value.trim());
}

export function recoveryCodeHash(code: string): string {
  return tokenHash(code.trim().toLowerCase().replace('-', ''));
}
