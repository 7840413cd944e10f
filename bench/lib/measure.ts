// One autocannon measurement: warm-up, then a fixed-duration run, plus CPU use on each side.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import autocannon, { type Instance, type Result } from 'autocannon';

export type LoadConfig = { seconds: number; warmupSeconds: number; connections: number };

export type Target = {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** POST with a JSON body; GET without. */
  method?: 'GET' | 'POST';
  body?: string;
  /** The exact body a successful answer has; anything else counts as a mismatch. Omitted when every answer differs (a new record each time). */
  expectBody?: string;
  /** The server's PID, to report its CPU use. */
  serverPid: number;
  /** Each request's own path and headers, when every request must differ (a new resource, a new key). */
  nextRequest?: () => { path: string; headers: Record<string, string> };
};

export type Measurement = {
  name: string;
  url: string;
  requestsPerSecond: number;
  totalRequests: number;
  latencyMs: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  /** CPU time ÷ wall time, in % of one core. */
  cpu: { server: number | null; loadGenerator: number; machineBusy: number };
  /** Server CPU time per request in µs: less sensitive to a busy machine than req/s. */
  serverCpuPerRequestUs: number | null;
  /** Empty when every response was a 2xx with the expected body. */
  problems: string[];
};

let current: Instance | null = null;

/** Stops the run in progress, if any (SIGINT). */
export function stopMeasurement() {
  current?.stop();
}

async function run(target: Target, connections: number, seconds: number): Promise<Result> {
  const instance = autocannon({
    url: target.url,
    connections,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: target.body ? { 'content-type': 'application/json', ...target.headers } : target.headers,
    body: target.body,
    ...(target.nextRequest
      ? {
          requests: [
            {
              setupRequest: (request: { headers?: Record<string, string> }) => {
                const next = target.nextRequest!();
                return { ...request, path: next.path, headers: { ...request.headers, ...next.headers } };
              },
            },
          ],
        }
      : {}),
    ...(target.expectBody === undefined ? {} : { expectBody: target.expectBody }),
  });
  current = instance;
  try {
    return await instance;
  } finally {
    current = null;
  }
}

/** utime + stime of a process in ms, from /proc (Linux); null elsewhere. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat; clock ticks are 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function machineTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    idle += cpu.times.idle;
    total += cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
  }
  return { idle, total };
}

export async function measure(target: Target, config: LoadConfig): Promise<Measurement> {
  if (config.warmupSeconds > 0) await run(target, config.connections, config.warmupSeconds);

  const serverBefore = processCpuMs(target.serverPid);
  const selfBefore = process.cpuUsage();
  const machineBefore = machineTimes();
  const wallBefore = performance.now();
  const result = await run(target, config.connections, config.seconds);
  const wallMs = performance.now() - wallBefore;
  const serverAfter = processCpuMs(target.serverPid);
  const self = process.cpuUsage(selfBefore);
  const machineAfter = machineTimes();

  const serverCpuMs = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  const machineTotal = machineAfter.total - machineBefore.total;
  const machineIdle = machineAfter.idle - machineBefore.idle;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  );

  const problems: string[] = [];
  if (result.non2xx > 0) problems.push(`${result.non2xx} non-2xx responses (${JSON.stringify(statusCodes)})`);
  if (result.errors > 0) problems.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  if (result.mismatches > 0) problems.push(`${result.mismatches} responses with an unexpected body`);
  if (result.requests.total === 0 || result['2xx'] === 0) problems.push('no successful responses at all');

  return {
    name: target.name,
    url: target.url,
    requestsPerSecond: result.requests.average,
    totalRequests: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    statusCodes,
    cpu: {
      server: serverCpuMs === null ? null : (serverCpuMs / wallMs) * 100,
      loadGenerator: ((self.user + self.system) / 1000 / wallMs) * 100,
      machineBusy: machineTotal > 0 ? (1 - machineIdle / machineTotal) * 100 : 0,
    },
    serverCpuPerRequestUs:
      serverCpuMs === null || result.requests.total === 0
        ? null
        : (serverCpuMs * 1000) / result.requests.total,
    problems,
  };
}

/** The opening lines of a benchmark run: what is measured, on what, and whether the machine is quiet. */
export function announceRun(name: string, config: LoadConfig, legend: string) {
  const cpus = os.cpus();
  console.log(
    `SaveCircle ${name} benchmark: ${config.connections} connections, ${config.warmupSeconds} s warm-up + ` +
      `${config.seconds} s per target; Node ${process.version}, ${cpus.length} CPU(s) (${cpus[0]?.model ?? '?'})`,
  );
  const loadBefore = os.loadavg()[0] ?? 0;
  if (loadBefore > 0.5) {
    console.warn(
      `WARNING: load average is ${loadBefore.toFixed(2)} before the run; other work on this machine ` +
        'competes with the servers and the load generator, so the figures will be noisy.',
    );
  }
  console.log(`${legend}\n`);
  return { cpus, loadBefore };
}
