import { useSyncExternalStore } from 'react';

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
export type ToastItem = ToastInput & { id: number; open: boolean };

// The spec's toast rules: one at a time, gone from memory 1,000,000 ms after dismissal.
const TOAST_LIMIT = 1;
const REMOVE_DELAY_MS = 1_000_000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput) {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

const NO_TOASTS: ToastItem[] = [];

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    // Pre-rendered pages (decision 0046) are drawn, and hydrated, with no toast.
    () => NO_TOASTS,
  );
}
