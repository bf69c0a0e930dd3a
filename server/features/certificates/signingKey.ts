import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const STATE_KEY = 'credential_signing_key';
const ALG = 'ES256';

export interface CredentialSigner {
  /** The key's id, as in the JWT header and the published key set. */
  kid: string;
  /** The public key set to publish at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  sign(payload: Record<string, unknown>): Promise<string>;
}

/** The private key given by the CREDENTIAL_SIGNING_KEY setting (a JWK), checked to be an EC P-256 private key. */
function parseSetting(setting: string): JWK {
  let jwk: JWK;
  try {
    jwk = JSON.parse(setting) as JWK;
  } catch {
    throw new Error('CREDENTIAL_SIGNING_KEY is not JSON: it must be an EC P-256 private key as a JWK ({"kty":"EC","crv":"P-256","d":…}).');
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') {
    throw new Error('CREDENTIAL_SIGNING_KEY must be an EC P-256 private key as a JWK ({"kty":"EC","crv":"P-256","d":…}).');
  }
  return jwk;
}

/**
 * The key certificates' credentials are signed with (ES256). Given by the
 * CREDENTIAL_SIGNING_KEY setting, or else made on first start and kept in the
 * database, outside the repository, where every server instance finds the same
 * one; an instance that starts at the same moment as another keeps whichever
 * key was stored first. The private key is never logged or sent anywhere.
 */
export async function credentialSigner(db: Kysely<Database>, setting?: string): Promise<CredentialSigner> {
  let privateJwk: JWK;
  if (setting) privateJwk = parseSetting(setting);
  else {
    const stored = await db.selectFrom('site_state').select('value').where('key', '=', STATE_KEY).executeTakeFirst();
    if (stored) privateJwk = JSON.parse(stored.value) as JWK;
    else {
      const { privateKey } = await generateKeyPair(ALG, { extractable: true });
      const made = await exportJWK(privateKey);
      await db
        .insertInto('site_state')
        .values({ key: STATE_KEY, value: JSON.stringify(made) })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const kept = await db.selectFrom('site_state').select('value').where('key', '=', STATE_KEY).executeTakeFirstOrThrow();
      privateJwk = JSON.parse(kept.value) as JWK;
    }
  }
  const { d: _private, ...publicJwk } = privateJwk;
  const kid = await calculateJwkThumbprint(publicJwk);
  const key = await importJWK(privateJwk, ALG);
  return {
    kid,
    jwks: { keys: [{ ...publicJwk, kid, alg: ALG, use: 'sig' }] },
    sign: (payload) => new SignJWT(payload).setProtectedHeader({ alg: ALG, kid, typ: 'JWT' }).sign(key),
  };
}
