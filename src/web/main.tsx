import './styles.css';
import { StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { PUBLIC_CONTENT_PATH } from '#shared/content-pages.ts';
import { authQueries } from '#web/features/auth/queries.ts';
import { StartupErrorBoundary } from '#web/features/errors/startup-error-boundary.tsx';
import { prefetchPreloadedContent } from '#web/features/public-content/content-queries.ts';
import { registerServiceWorker } from '#web/features/pwa/register-service-worker.ts';
import { i18nReady, preloadWords } from '#web/i18n/index.ts';
import { keepOfflineData } from '#web/lib/offline-data/index.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { captureReferralCode } from '#web/lib/referral-code.ts';
import { App } from './app.tsx';

window.addEventListener('error', (event) => console.error('uncaught error', event.error));
window.addEventListener('unhandledrejection', (event) => console.error('unhandled rejection', event.reason));

// A referral link (`?ref=CODE`) may open any page: keep its code for the sign-up.
captureReferralCode();

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

async function start() {
  await Promise.all([
    i18nReady.catch((error) => console.error('translations failed to load', error)),
    prefetchPreloadedContent(queryClient),
  ]);
  // index.html's fallback for code that never ran: this code runs.
  document.getElementById('startup-fallback')?.remove();
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React draws the first screen in slices of a few milliseconds between which the
  // browser stays responsive, instead of in one long task (a phone's first load spent seconds blocked).
  const app = (
    <StrictMode>
      <StartupErrorBoundary>
        <Suspense>
          <App />
        </Suspense>
      </StartupErrorBoundary>
    </StrictMode>
  );
  startTransition(() => root.render(app));
  registerServiceWorker();
}

// The spec: Android starts 100 ms later, giving slow devices' WebViews time to settle.
const isAndroid = /android/i.test(navigator.userAgent);
setTimeout(() => void start(), isAndroid ? 100 : 0);
