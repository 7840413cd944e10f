// Live updates (GET /api/events, decision 0025) side by side with a bare node:http SSE server: one
// process holding BENCH_STREAMS open event streams of members of BENCH_CIRCLES circles while events
// are posted at steady rates. Reports delivery latency post → receipt (p50/p99), memory per open
// stream (server RSS), and the highest posting rate delivered in full within a second at p99.
// SaveCircle runs on PostgreSQL; its posts are pg_notify calls on the live channel (what a chat
// send's trigger does on commit: the chat routes are not in this branch), so the path measured is
// database NOTIFY → the server's one LISTEN → routing by group → every member's stream. The bare
// server's posts are HTTP requests that write to its streams directly. Not a test.
//   npx tsx bench/live-stream.ts   (env: BENCH_STREAMS=1000, BENCH_CIRCLES=100, BENCH_RATES=50,200,1000,
//                                   BENCH_PHASE_SECONDS=5,
//                                   BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres)
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { LIVE_CHANNEL } from '#server/core/live.ts';
import { cleanUp, deferCleanup } from './lib/cleanup.ts';
import { createScratchDatabase, type ServerProcess, startNodeServer, waitUntilReady } from './lib/servers.ts';
import { percentile } from './lib/stats.ts';
import { fixed } from './lib/table.ts';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const CIRCLES = Number(process.env.BENCH_CIRCLES ?? 100);
const RATES = (process.env.BENCH_RATES ?? '50,200,1000').split(',').map(Number);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 5);
const MEMBERS = STREAMS / CIRCLES;

process.once('SIGINT', () => {
  console.error('\ninterrupted; stopping servers…');
  void cleanUp().finally(() => process.exit(130));
});

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- the members' streams

type Listener = { group: number; received: number[] };

/** Opens one stream per listener (in batches), each recording when each event of its group arrived. */
async function openStreams(urlFor: (i: number) => { url: string; headers: Record<string, string> }) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const listeners: Listener[] = [];
  const requests: http.ClientRequest[] = [];
  const openOne = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const { url, headers } = urlFor(i);
      const listener: Listener = { group: i % CIRCLES, received: [] };
      const request = http.get(url, { agent, headers }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream ${i}: HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        let opened = false;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = performance.now();
          if (!opened) {
            opened = true;
            resolve();
          }
          for (const line of chunk.split('\n')) if (line.startsWith('data:')) listener.received.push(now);
        });
        response.on('error', () => {});
      });
      request.on('error', reject);
      listeners.push(listener);
      requests.push(request);
    });
  for (let i = 0; i < STREAMS; i += 50)
    await Promise.all(Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) => openOne(i + k)));
  return {
    listeners,
    close: () => {
      for (const request of requests) request.destroy();
      agent.destroy();
    },
  };
}

// ---------------------------------------------------------------- steady posting

type Phase = {
  rate: number;
  posted: number;
  postsPerSecond: number;
  delivered: number;
  expected: number;
  p50: number;
  p99: number;
};

/** Posts to the circles round robin at `rate` per second for PHASE_SECONDS, then reads the receipts. */
async function runPhase(
  rate: number,
  listeners: Listener[],
  post: (group: number) => Promise<void>,
): Promise<Phase> {
  const postTimes: number[][] = Array.from({ length: CIRCLES }, () => []);
  const seen = listeners.map((l) => l.received.length);
  const started = performance.now();
  const total = Math.round(rate * PHASE_SECONDS);
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (sent < due) {
      const group = sent % CIRCLES;
      postTimes[group]!.push(performance.now());
      const p = post(group).finally(() => inFlight.delete(p));
      inFlight.add(p);
      sent += 1;
    }
    await sleep(1);
  }
  await Promise.all(inFlight);
  const postingSeconds = (performance.now() - started) / 1000;
  // Stragglers: up to 3 s more.
  const expected = total * MEMBERS;
  for (let waited = 0; waited < 3000; waited += 50) {
    const delivered = listeners.reduce((sum, l, i) => sum + l.received.length - seen[i]!, 0);
    if (delivered >= expected) break;
    await sleep(50);
  }
  const latencies: number[] = [];
  let delivered = 0;
  listeners.forEach((l, i) => {
    const mine = l.received.slice(seen[i]);
    delivered += mine.length;
    mine.forEach((at, k) => {
      const postedAt = postTimes[l.group]![k];
      if (postedAt !== undefined) latencies.push(at - postedAt);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rate,
    posted: total,
    postsPerSecond: total / postingSeconds,
    delivered,
    expected,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

// ---------------------------------------------------------------- the two servers

type Result = { name: string; rssPerStreamKb: number; rssBeforeMb: number; phases: Phase[]; extra?: string };

async function measureServer(
  name: string,
  server: ServerProcess,
  urlFor: (i: number) => { url: string; headers: Record<string, string> },
  post: (group: number) => Promise<void>,
): Promise<Result> {
  await sleep(1000);
  const before = rssKb(server.pid);
  console.log(`  ${name}: opening ${STREAMS} streams…`);
  const streams = await openStreams(urlFor);
  await sleep(1500);
  const after = rssKb(server.pid);
  const phases: Phase[] = [];
  try {
    for (const rate of RATES) {
      console.log(`  ${name}: ${rate} posts/s for ${PHASE_SECONDS} s…`);
      phases.push(await runPhase(rate, streams.listeners, post));
    }
  } finally {
    streams.close();
  }
  return { name, rssPerStreamKb: (after - before) / STREAMS, rssBeforeMb: before / 1024, phases };
}

async function measureBare(): Promise<Result> {
  const server = await startNodeServer('bare node:http SSE', 'bench/lib/bare-sse-server.ts', {});
  try {
    await waitUntilReady(server, '/health');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const post = (group: number) =>
      new Promise<void>((resolve, reject) => {
        const request = http.request(
          `${server.baseUrl}/post?g=${group}`,
          { method: 'POST', agent },
          (response) => {
            response.resume();
            response.on('end', resolve);
          },
        );
        request.on('error', reject);
        request.end();
      });
    const result = await measureServer(
      'bare node:http',
      server,
      (i) => ({ url: `${server.baseUrl}/events?g=${i % CIRCLES}`, headers: {} }),
      post,
    );
    agent.destroy();
    return result;
  } finally {
    await server.stop();
  }
}

/** Members, circles and sessions straight in SQL: member i of circle i % CIRCLES, session token bench-<i>. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into users (username, email, full_name, password_hash)
       select 'bench' || i, 'bench' || i || '@example.org', 'Bench ' || i, 'x' from generate_series(0, $1 - 1) i`,
      [STREAMS],
    );
    await client.query(
      `insert into groups (name, contribution_cents, member_limit, current_members, total_cycles, status, created_by,
         invite_code, contribution_day, start_date)
       select 'Bench circle ' || g, 10000, $2, $2, $2, 'active', (select id from users where username = 'bench' || g),
         'BENCH' || g, 1, '2031-01-01' from generate_series(0, $1 - 1) g`,
      [CIRCLES, MEMBERS],
    );
    await client.query(
      `insert into group_members (group_id, user_id, role, position)
       select g.id, u.id, case when i < $1 then 'admin' else 'member' end, i / $1 + 1
       from generate_series(0, $2 - 1) i
       join users u on u.username = 'bench' || i
       join groups g on g.invite_code = 'BENCH' || (i % $1)`,
      [CIRCLES, STREAMS],
    );
    await client.query(
      `insert into sessions (token_hash, user_id, expires_at)
       select encode(sha256(convert_to('bench-' || i, 'UTF8')), 'hex'), u.id, now() + interval '1 day'
       from generate_series(0, $1 - 1) i join users u on u.username = 'bench' || i`,
      [STREAMS],
    );
    await client.query('commit');
    const { rows } = await client.query(`select id, invite_code from groups where invite_code like 'BENCH%'`);
    const ids = new Map(
      rows.map((r: { id: number; invite_code: string }) => [Number(r.invite_code.slice(5)), r.id]),
    );
    return Array.from({ length: CIRCLES }, (_, g) => ids.get(g)!);
  } finally {
    await client.end();
  }
}

/** What the NOTIFY triggers add to a write: one-row updates with the table's trigger on, then off. */
async function triggerCost(url: string, groupIds: number[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rounds = 1000;
  const timeUpdates = async () => {
    const started = performance.now();
    for (let i = 0; i < rounds; i++)
      await client.query(
        'update group_members set has_received_payout = false where group_id = $1 and position = 1',
        [groupIds[i % groupIds.length]],
      );
    return ((performance.now() - started) * 1000) / rounds;
  };
  try {
    await timeUpdates();
    // Alternated, so that the machine's other load falls on both alike.
    const on: number[] = [];
    const off: number[] = [];
    for (let round = 0; round < 3; round++) {
      on.push(await timeUpdates());
      await client.query('alter table group_members disable trigger live_group_members');
      off.push(await timeUpdates());
      await client.query('alter table group_members enable trigger live_group_members');
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    return { on: mean(on), off: mean(off) };
  } finally {
    await client.end();
  }
}

async function measureSaveCircle(): Promise<Result | null> {
  const database = await createScratchDatabase(POSTGRES_ADMIN_URL);
  if ('skipped' in database) {
    console.log(`SaveCircle skipped: ${database.skipped}`);
    return null;
  }
  const drop = deferCleanup(database.drop);
  const server = await startNodeServer('SaveCircle (postgres)', 'src/server/main.ts', {
    DATABASE_URL: database.url,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    LIVE_STREAMS_MAX: String(STREAMS * 2),
    // The run opens a thousand streams at once from one address; load shedding would refuse some.
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  try {
    await waitUntilReady(server, '/api/health', 120_000);
    const groupIds = await seed(database.url);
    const post = async (group: number) => {
      const event = JSON.stringify({ scope: 'group', groupId: groupIds[group], topic: 'messages' });
      await pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, event]);
    };
    const result = await measureServer(
      'SaveCircle (postgres)',
      server,
      (i) => ({ url: `${server.baseUrl}/api/events`, headers: { authorization: `bench-${i}` } }),
      post,
    );
    const cost = await triggerCost(database.url, groupIds);
    result.extra = `NOTIFY trigger on a one-row group_members update: ${fixed(cost.on)} µs with it, ${fixed(cost.off)} µs without (+${fixed(cost.on - cost.off)} µs)`;
    return result;
  } finally {
    await pool.end();
    await server.stop();
    await drop();
  }
}

function print(results: Result[]) {
  const header = ['server', 'posts/s asked', 'posts/s sent', 'delivered', 'p50 ms', 'p99 ms'];
  const rows = results.flatMap((r) =>
    r.phases.map((p) => [
      r.name,
      String(p.rate),
      fixed(p.postsPerSecond),
      `${p.delivered}/${p.expected}`,
      fixed(p.p50, 1),
      fixed(p.p99, 1),
    ]),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(`\n${STREAMS} streams, ${CIRCLES} circles of ${MEMBERS} members, ${PHASE_SECONDS} s per rate`);
  console.log(format(header));
  console.log(format(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(format(row));
  console.log('');
  for (const r of results) {
    const sustained = r.phases.filter((p) => p.delivered >= p.expected && p.p99 <= 1000).map((p) => p.rate);
    console.log(
      `${r.name}: RSS ${fixed(r.rssBeforeMb)} MB before the streams, +${fixed(r.rssPerStreamKb, 1)} KB per open stream; ` +
        `sustained (all delivered, p99 ≤ 1 s): ${sustained.length ? `${Math.max(...sustained)} posts/s` : 'none of the rates'}`,
    );
    if (r.extra) console.log(`  ${r.extra}`);
  }
}

try {
  console.log(`live-stream bench: ${STREAMS} streams, ${CIRCLES} circles, rates ${RATES.join(', ')} posts/s`);
  const results: Result[] = [await measureBare()];
  const saveCircle = await measureSaveCircle();
  if (saveCircle) results.push(saveCircle);
  print(results);
} finally {
  await cleanUp();
}
