import { useSyncExternalStore } from 'react';

/** Where the reader's own choice is kept; read before the first paint by /theme.js (decision 0043). */
export const THEME_STORAGE_KEY = 'savecircle-theme';
const CHANGED = 'savecircle-theme-changed';

// Absent in a few embedded browsers (and in jsdom): light then.
const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function storedChoice(): 'dark' | 'light' | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

const isDark = () => (storedChoice() ?? (systemDark()?.matches ? 'dark' : 'light')) === 'dark';

/**
 * Sets the class with transitions off for that one style change: otherwise every button fades on its
 * own schedule, and for 150 ms text and background sit half-way, unreadable.
 */
function apply() {
  const root = document.documentElement;
  const dark = isDark();
  if (root.classList.contains('dark') === dark) return;
  root.classList.add('theme-switching');
  root.classList.toggle('dark', dark);
  void document.body.offsetHeight; // a layout, so every element takes the new colours at once
  root.classList.remove('theme-switching');
}

function subscribe(listener: () => void) {
  const media = systemDark();
  const changed = () => {
    apply();
    listener();
  };
  media?.addEventListener('change', changed);
  window.addEventListener(CHANGED, changed);
  // Another tab's choice.
  window.addEventListener('storage', changed);
  return () => {
    media?.removeEventListener('change', changed);
    window.removeEventListener(CHANGED, changed);
    window.removeEventListener('storage', changed);
  };
}

/**
 * Dark or light: the system's setting until the reader picks the other one with the header's switch.
 * Picking what the system already shows forgets the choice, so the page follows the system again.
 */
export function useTheme() {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const setDark = (next: boolean) => {
    try {
      if (next === Boolean(systemDark()?.matches)) localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next ? 'dark' : 'light');
    } catch {}
    window.dispatchEvent(new Event(CHANGED));
  };
  return { dark, setDark };
}
