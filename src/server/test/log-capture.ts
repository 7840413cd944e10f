import type { DestinationStream } from 'pino';
import { createLogger } from '#server/logging/logger.ts';

/** The app's real logger (logging/logger.ts) writing into memory, for tests that read what was logged. */
export function capturedLog(level = 'info') {
  const lines: string[] = [];
  const stream: DestinationStream = { write: (chunk: string) => void lines.push(chunk) };
  const logger = createLogger(level, stream);
  return {
    logger,
    /** Everything logged so far, as written (JSON lines). */
    text: () => lines.join(''),
    entries: () => lines.flatMap((line) => line.split('\n').filter(Boolean)).map((l) => JSON.parse(l)),
  };
}
