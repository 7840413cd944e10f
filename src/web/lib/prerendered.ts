import { useLayoutEffect } from 'react';

// A pre-rendered public page (decision 0046) is hydrated in place, or, when the app draws something else
// (another language, a signed-in reader), kept on screen as #prerendered while the app draws in a hidden
// #root (styles.css). The page hands over once it has drawn its own content, in the same frame: the
// visitor never sees a skeleton replace the text, and nothing on screen shifts.

/** The event public/load-app.js waits for to repeat a click made before the page could answer it. */
export const PAGE_READY_EVENT = 'savecircle:page-ready';

/** Shows the app in place of the pre-rendered page. Safe to call when there is none. */
export function revealApp() {
  document.getElementById('prerendered')?.remove();
  document.dispatchEvent(new Event(PAGE_READY_EVENT));
}

/** Hands over when mounted: rendered by a page once its content (or its failure) is on screen. */
export function PrerenderedHandOff() {
  useLayoutEffect(revealApp, []);
  return null;
}
