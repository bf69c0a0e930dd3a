import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  /** Origins besides the site's own that the pages may call (when the API base is another host). */
  connectOrigins?: string[];
}

/**
 * Helmet's options for this site: a Content-Security-Policy that allows no
 * inline script and nothing from another host.
 */
export function helmetOptions(options: SecurityHeaderOptions = {}): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        // React sets a few style attributes (slider position, progress width); no inline <style> or script is allowed.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets, worked out once. Nothing in this policy depends on
 * the request (no nonces), and @fastify/helmet rebuilt helmet, parsing every
 * CSP directive, on each request: about a tenth of an API request's CPU in the
 * bench profile.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(options))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  // Helmet has no Permissions-Policy: the site uses none of these, so no page (or anything injected into one) may.
  // Web Share is left to its default (this site only), which the share buttons use; naming it made Chromium warn.
  headers['permissions-policy'] =
    'accelerometer=(), autoplay=(self), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';
  return headers;
}
