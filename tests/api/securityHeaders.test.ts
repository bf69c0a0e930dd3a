import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../server/db/database.ts';
import { apiApp, json } from '../support/apiApp.ts';

/** Splits a Content-Security-Policy header into its directives. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as [string, string[]];
    }),
  );
}

describe('security headers', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = await openDatabase({ sqliteFile: ':memory:' });
    app = await apiApp(handle);
  });
  afterAll(async () => {
    await app?.close();
    await handle?.close();
  });

  const answers = () => [
    app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: ['IC25/123456'] } }),
    app.inject({ method: 'POST', url: '/api/certificates/verify', headers: json, payload: { certificateIDs: [] } }),
    app.inject({ method: 'GET', url: '/api/auth/me' }),
    app.inject({ method: 'GET', url: '/nowhere' }),
  ];

  it('sends a Content-Security-Policy that allows no inline or foreign script on every answer, errors included', async () => {
    for (const response of await Promise.all(answers())) {
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp.get('script-src'), `${response.statusCode}`).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.has('script-src-attr') ? csp.get('script-src-attr') : []).not.toContain("'unsafe-inline'");
    }
  });

  it('sends the other protective headers on every answer', async () => {
    for (const response of await Promise.all(answers())) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      const permissions = String(response.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions).toContain(`${feature}=()`);
    }
  });
});
