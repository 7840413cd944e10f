/** Resolves once `n` callers have arrived; later arrivals (retries) pass straight through. */
export function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived >= n) open();
    return opened;
  };
}
