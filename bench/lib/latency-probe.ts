// Asks one URL again and again, one request at a time, and prints each answer's latency in ms as a JSON
// array. Run as its own process beside a load: in the load generator's process, its own event loop
// would delay the probe and the figures would be the generator's.
//   node --import tsx bench/lib/latency-probe.ts URL START_AFTER_MS DURATION_MS [PAUSE_MS=20]

import { setTimeout as sleep } from 'node:timers/promises';

const [url, startAfter, duration, pause = '20'] = process.argv.slice(2);
if (!url || !startAfter || !duration) throw new Error('usage: latency-probe URL START_AFTER_MS DURATION_MS');

await sleep(Number(startAfter));
const latencies: number[] = [];
const end = performance.now() + Number(duration);
while (performance.now() < end) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  latencies.push(performance.now() - started);
  await sleep(Number(pause));
}
process.stdout.write(JSON.stringify(latencies));
