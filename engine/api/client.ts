import { site } from 'virtual:site';
import type { AuthResponse, LoginRequest, MeResponse, PublicUser, SignupRequest, VerifiedCertificate } from '../types.ts';

/** The server's address ({backend} in the spec): a site setting, the site's own origin by default. */
const base = site.settings.api?.base ?? '';

/** Spec section 9: the verification form waits up to 1,000,000 ms for the server. */
export const VERIFY_TIMEOUT_MS = 1_000_000;

/** A refusal or failure, carrying the server's message when it gave one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function readMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

function post(path: string, body: unknown, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Response> {
  const signals = [options.signal, options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined].filter((s): s is AbortSignal => Boolean(s));
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
    ...(signals.length ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
  });
}

/**
 * POST /api/certificates/verify. Resolves with the certificates found (an
 * empty list when none); rejects with an ApiError holding the server's
 * message, or the network error's own message.
 */
export async function verifyCertificates(ids: string[], options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await post('/api/certificates/verify', { certificateIDs: ids }, options);
  } catch (error) {
    throw new ApiError((error as Error).message, undefined, undefined);
  }
  if (!response.ok) {
    const message = await readMessage(response);
    throw new ApiError(message ?? `HTTP ${response.status}`, response.status, message);
  }
  return response.json();
}

export function isCertificateList(value: unknown): value is VerifiedCertificate[] {
  return Array.isArray(value) && value.every((c) => c && typeof c === 'object' && typeof (c as VerifiedCertificate).certificateID === 'string');
}

/** At most this many IDs go in one verify request (the API's limit). */
export const VERIFY_BATCH = 10;

/** The address of one of a certificate's files: its PDF, its signed credential, or the QR code of its page. */
export function certificateFileUrl(kind: 'pdf' | 'credential' | 'qr.svg', certificateId: string): string {
  return `${base}/api/certificates/${kind}?id=${encodeURIComponent(certificateId)}`;
}

export async function login(payload: LoginRequest): Promise<{ ok: true; data: AuthResponse } | { ok: false; message: string | undefined }> {
  const response = await post('/api/auth/login', payload);
  if (!response.ok) return { ok: false, message: await readMessage(response) };
  return { ok: true, data: (await response.json()) as AuthResponse };
}

/** Sign-up answers are read as text first, so an unparsable body can be told apart (spec section 8). */
export async function signup(payload: SignupRequest): Promise<{ status: number; ok: boolean; text: string }> {
  const response = await post('/api/auth/signup', payload);
  return { status: response.status, ok: response.ok, text: await response.text() };
}

/** Who is logged in. Without the hint cookie that log-in sets, nobody is, and no request is made. */
export async function currentUser(): Promise<PublicUser | null> {
  if (!/(?:^|;\s*)ic_logged_in=/.test(document.cookie)) return null;
  const response = await fetch(`${base}/api/auth/me`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  return ((await response.json()) as MeResponse).user;
}

export async function logout(): Promise<void> {
  await post('/api/auth/logout', {});
}
