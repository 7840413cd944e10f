import './styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { StartupErrorBoundary } from '#web/features/errors/startup-error-boundary.tsx';
import { registerServiceWorker } from '#web/features/pwa/register-service-worker.ts';
import { i18nReady } from '#web/i18n/index.ts';
import { App } from './app.tsx';

window.addEventListener('error', (event) => console.error('uncaught error', event.error));
window.addEventListener('unhandledrejection', (event) => console.error('unhandled rejection', event.reason));

async function start() {
  await i18nReady.catch((error) => console.error('translations failed to load', error));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <StartupErrorBoundary>
        <Suspense>
          <App />
        </Suspense>
      </StartupErrorBoundary>
    </StrictMode>,
  );
  registerServiceWorker();
}

// The spec: Android starts 100 ms later, giving slow devices' WebViews time to settle.
const isAndroid = /android/i.test(navigator.userAgent);
setTimeout(() => void start(), isAndroid ? 100 : 0);
