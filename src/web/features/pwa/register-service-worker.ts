/** Registers /sw.js once the page has loaded; failures are only logged, as the spec says. */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .catch((error) => console.error('service worker registration failed', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
