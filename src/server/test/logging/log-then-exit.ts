// Run by batched-stdout.test.ts: logs numbered lines through two app loggers, then exits.
//   node --import tsx log-then-exit.ts <lines> <exit-now | let-drain>
import { createLogger } from '#server/logging/logger.ts';

const lines = Number(process.argv[2]);
const exitNow = process.argv[3] === 'exit-now';
// Two loggers, as the app has (start-up and requests): they share stdout, so their lines keep one order.
const [first, second] = [createLogger('info'), createLogger('info')];

for (let n = 0; n < lines; n++) {
  (n % 2 === 0 ? first : second).info({ n }, 'numbered line');
  // Some lines in later turns of the event loop, after earlier ones were handed on.
  if (n % 97 === 96) await new Promise((resolve) => setImmediate(resolve));
}
// As main.ts does on a fatal error: exit at once, with lines of this turn still waiting.
if (exitNow) process.exit(3);
