import './styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PUBLIC_CONTENT_PATH } from '#shared/content-pages.ts';
import { hasSignedInHint } from '#shared/signed-in-hint.ts';
import { authQueries } from '#web/features/auth/queries.ts';
import { prefetchPreloadedContent } from '#web/features/public-content/content-queries.ts';
import { registerServiceWorker } from '#web/features/pwa/register-service-worker.ts';
import i18n, { i18nReady, preloadWords } from '#web/i18n/index.ts';
import { keepOfflineData } from '#web/lib/offline-data/index.ts';
import { PAGE_READY_EVENT } from '#web/lib/prerendered.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { captureReferralCode } from '#web/lib/referral-code.ts';
import { Root } from './root.tsx';

window.addEventListener('error', (event) => console.error('uncaught error', event.error));
window.addEventListener('unhandledrejection', (event) => console.error('unhandled rejection', event.reason));

// A referral link (`?ref=CODE`) may open any page: keep its code for the sign-up.
captureReferralCode();

// A signed-in page the server drew (decision 0048) carries the data it was drawn from: the app starts
// from the same, without asking for it again.
const serverData = document.getElementById('page-data');
if (serverData?.textContent)
  for (const [queryKey, data] of JSON.parse(serverData.textContent) as [unknown[], unknown][])
    queryClient.setQueryData(queryKey, data);

// A signed-in user's last data stays readable offline (issue 17).
keepOfflineData(queryClient);

// The first screen's pieces do not depend on one another (the words, who is signed in, and on "/" the
// landing page's code and words): asked for at once rather than each after the one before it.
void queryClient.prefetchQuery(authQueries.user());
if (window.location.pathname === '/') {
  void import('#web/features/landing/landing-page.tsx').catch(() => {});
  preloadWords('landing');
}
// The public content pages wrap their own words in the landing's header and footer.
if (PUBLIC_CONTENT_PATH.test(window.location.pathname)) {
  preloadWords('landing');
  preloadWords('publicContent');
}

/**
 * A pre-rendered page (decision 0046) is hydrated when the app would draw it exactly so: in the page's
 * own language, for a visitor when the build drew it signed out, for the member the server drew it for
 * (decision 0048). A signed-in page drawn in another language than this browser shows is hydrated in
 * its own, then switched (`switchTo`): the elements a reader may already be pressing stay the same ones.
 * Otherwise the page stays on screen as #prerendered while the app draws in a new #root, and hands over
 * once it has (lib/prerendered.ts).
 */
function rootToDraw(prerenderedIn: string | undefined): {
  element: HTMLElement;
  hydrate: boolean;
  switchTo?: string;
} {
  const element = document.getElementById('root')!;
  if (!prerenderedIn) return { element, hydrate: false };
  const drawnSignedIn = element.dataset.signedIn !== undefined;
  if (drawnSignedIn === hasSignedInHint(document.cookie)) {
    if (prerenderedIn === i18n.resolvedLanguage) return { element, hydrate: true };
    if (drawnSignedIn) return { element, hydrate: true, switchTo: i18n.resolvedLanguage };
  }
  element.id = 'prerendered';
  const fresh = document.createElement('div');
  fresh.id = 'root';
  element.before(fresh);
  return { element: fresh, hydrate: false };
}

async function start() {
  const prerenderedIn = document.getElementById('root')?.dataset.prerendered;
  await Promise.all([
    i18nReady.catch((error) => console.error('translations failed to load', error)),
    prefetchPreloadedContent(queryClient),
    // Hydrating draws exactly what the build drew: the visitor known to be signed out, not "loading".
    prerenderedIn ? queryClient.prefetchQuery(authQueries.user()) : null,
  ]);
  // index.html's fallback for code that never ran: this code runs, and shows its own on a failure
  // (StartupErrorBoundary) where the page was, which /startup-fallback.js may have hidden.
  document.getElementById('startup-fallback')?.remove();
  document.getElementById('root')?.removeAttribute('hidden');
  const { element, hydrate, switchTo } = rootToDraw(prerenderedIn);
  const app = <Root i18n={i18n} />;
  if (switchTo && prerenderedIn) {
    await i18n.changeLanguage(prerenderedIn);
    document.addEventListener(PAGE_READY_EVENT, () => void i18n.changeLanguage(switchTo), {
      once: true,
    });
  }
  if (hydrate) {
    hydrateRoot(element, app, {
      onRecoverableError: (error) => console.warn('hydration fell back to drawing anew', error),
    });
  } else {
    const root = createRoot(element);
    // As a transition, React draws the first screen in slices of a few milliseconds between which the
    // browser stays responsive, instead of in one long task (a phone's first load spent seconds blocked).
    startTransition(() => root.render(app));
  }
  registerServiceWorker();
}

// The spec: Android starts 100 ms later, giving slow devices' WebViews time to settle.
const isAndroid = /android/i.test(navigator.userAgent);
setTimeout(() => void start(), isAndroid ? 100 : 0);
