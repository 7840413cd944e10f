import { useSyncExternalStore } from 'react';

type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

type InstallState = { prompt: BeforeInstallPromptEvent | null; installed: boolean; dismissed: boolean };

const NOT_OFFERED: InstallState = { prompt: null, installed: false, dismissed: false };
let state: InstallState = { prompt: null, installed: isStandalone(), dismissed: false };
const listeners = new Set<() => void>();

function set(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches || nav.standalone === true;
}

// Captured at start-up: the browser fires this once, possibly before React renders.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ installed: true, prompt: null }));
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    // Pre-rendered pages (decision 0046) are drawn, and hydrated, as in a browser that offers no install.
    () => NOT_OFFERED,
  );
}

/** Shows the browser's own install prompt; declining hides the card like dismissing it. */
export async function promptInstall(): Promise<void> {
  const prompt = state.prompt;
  if (!prompt) return;
  try {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    set(outcome === 'accepted' ? { installed: true, prompt: null } : { dismissed: true, prompt: null });
  } catch (error) {
    console.error('install failed', error);
  }
}

export function dismissInstallCard() {
  set({ dismissed: true });
}
