import { useCallback, useState } from 'react';
import { clearDemo, type DemoState, readDemo, writeDemo } from './demo-store.ts';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The demo's state, read from this browser once and written back on every change. */
export function useDemoStore() {
  const [state, setState] = useState<DemoState>(() => readDemo(storage()));
  const update = useCallback((change: (state: DemoState) => DemoState) => {
    setState((previous) => {
      const next = change(previous);
      writeDemo(storage(), next);
      return next;
    });
  }, []);
  const reset = useCallback(() => {
    clearDemo(storage());
    setState(readDemo(undefined));
  }, []);
  return { state, update, reset };
}
