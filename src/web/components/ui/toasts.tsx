import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store.ts';

// The toast viewport's code (Radix Toast, ~25 KB) is fetched with the first toast, not with every page.
const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })));

export function Toasts() {
  const hasToasts = useToasts().length > 0;
  return hasToasts ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}
