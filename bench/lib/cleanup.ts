import { stopMeasurement } from './measure.ts';
import { stopAllServers } from './servers.ts';

const cleanups: Array<() => Promise<void>> = [];

/** Stops load, servers and everything registered with deferCleanup, newest first. */
export async function cleanUp() {
  stopMeasurement();
  await stopAllServers();
  while (cleanups.length > 0) {
    await cleanups.pop()!().catch((error: unknown) =>
      console.error(`cleanup failed: ${(error as Error).message}`),
    );
  }
}

/** Registers `fn` to run at exit or on SIGINT; the returned function runs it now, once. */
export function deferCleanup(fn: () => Promise<void>): () => Promise<void> {
  cleanups.push(fn);
  return async () => {
    const index = cleanups.indexOf(fn);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await fn();
  };
}
