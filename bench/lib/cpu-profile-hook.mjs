// Preloaded into a server under test (NODE_OPTIONS=--import=…, since --cpu-prof is not allowed
// there): samples the main thread from start to exit and writes a .cpuprofile into
// BENCH_CPU_PROFILE_DIR. Plain JavaScript, because it loads before tsx does.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // A same-thread inspector session answers synchronously, so this works inside 'exit'.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error || !result) return;
      writeFileSync(
        path.join(dir, `${Date.now()}-${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
    });
  });
}
