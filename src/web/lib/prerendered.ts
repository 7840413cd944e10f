import { useLayoutEffect } from 'react';

// A pre-rendered public page (decision 0039) shows its text in #prerendered while the app starts in a
// hidden #root (styles.css). The page hands over once it has drawn its own content, in the same frame:
// the visitor never sees a skeleton replace the text, and nothing on screen shifts.

/** Shows the app in place of the pre-rendered text. Safe to call when there is none. */
export function revealApp() {
  document.getElementById('prerendered')?.remove();
}

/** Hands over when mounted: rendered by a page once its content (or its failure) is on screen. */
export function PrerenderedHandOff() {
  useLayoutEffect(revealApp, []);
  return null;
}
