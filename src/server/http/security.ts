import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '#server/core/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request must come from our own pages. Browsers send Sec-Fetch-Site (or at
 * least Origin) on such requests; API clients without either are not browsers and carry no
 * ambient cookie risk, so they pass.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * Helmet's headers, computed once: @fastify/helmet rebuilds them (and re-parses the CSP) on every
 * request, which cost more CPU than the rest of a health check.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Browser features no page of the app uses, off for the page and every frame in it. Stripe.js only
 * opens Financial Connections (no Payment Request, so no `payment`), and identity checks happen on
 * the provider's own page in another tab, so no camera either. Web Share and the clipboard (sharing
 * an invite code) keep their default, this origin only.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/**
 * API replies are per person and often about money: no browser or proxy cache may keep them
 * (a shared computer's back button, a corporate proxy). The API's description under /api/docs is
 * public and keeps its own caching, as do the web app's files.
 */
function holdsPrivateData(url: string) {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * An API reply is JSON, never a page: the page's policy (scripts, styles, frames, browser features)
 * would be 1.2 KB sent with every call for nothing. It gets the OWASP REST set instead: nothing may load
 * or frame it, no sniffing it into HTML, no cache, HTTPS only in production.
 */
function apiReplyHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  return {
    ...Object.fromEntries(
      kept.filter((name) => name in pageHeaders).map((name) => [name, pageHeaders[name]!]),
    ),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
  };
}

/** Origins a payment provider's browser script needs (src/server/payments/); none for the sandbox. */
export type ExtraSources = { script: string[]; frame: string[]; connect: string[] };

export async function registerSecurity(
  app: FastifyInstance,
  options: { isProduction: boolean; extraSources?: ExtraSources },
) {
  const extra = options.extraSources ?? { script: [], frame: [], connect: [] };
  const headers = securityHeaders({
    // Scripts only from our origin (and the payment provider's, when it has one). Radix's scroll lock
    // injects a <style>, hence inline styles.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...extra.script],
        ...(extra.frame.length > 0 ? { frameSrc: ["'self'", ...extra.frame] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...extra.connect],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: options.isProduction,
    crossOriginEmbedderPolicy: false,
  });

  headers['permissions-policy'] = PERMISSIONS_POLICY;
  const apiHeaders = apiReplyHeaders(headers);

  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(holdsPrivateData(request.url) ? apiHeaders : headers);
    done(isCrossSite(request) ? new AppError('CROSS_SITE_REQUEST') : undefined);
  });
  return { apiHeaders };
}
