import type { BrowserSources } from '../provider.ts';

/**
 * What Stripe.js needs in the page's CSP (Stripe's security guide): its script, the frames it opens
 * (the Financial Connections modal among them), and its API for the browser's own calls.
 */
export const STRIPE_BROWSER_SOURCES: BrowserSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
