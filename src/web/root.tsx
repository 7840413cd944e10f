import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { StartupErrorBoundary } from '#web/features/errors/startup-error-boundary.tsx';
import { App } from './app.tsx';

/**
 * The whole tree, the same in the browser and in the build's pre-rendering (decision 0046): hydration
 * needs both to draw the same elements. The build passes the page's path; the browser reads its own. The
 * server's drawing of a signed-in page (decision 0048) brings its own query cache.
 */
export function Root(props: { i18n: I18n; queryClient?: QueryClient; ssrPath?: string; ssrSearch?: string }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={props.i18n}>
        <Router ssrPath={props.ssrPath} ssrSearch={props.ssrSearch}>
          <StartupErrorBoundary>
            <Suspense>
              <App queryClient={props.queryClient} />
            </Suspense>
          </StartupErrorBoundary>
        </Router>
      </I18nextProvider>
    </StrictMode>
  );
}
