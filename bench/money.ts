// Money rails side by side with a bare node:http server: the withdrawal request (hold + processor
// call + queued settlement), an admin's keyed contribution confirmation (each request a new
// contribution and a new Idempotency-Key) and the Escrow tab's data call, on PGlite and on PostgreSQL.
// Not a test.
//   npx tsx bench/money.ts   (env: BENCH_SECONDS=10, BENCH_CONNECTIONS=50,
//                             BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres,
//                             BENCH_POSTGRES_SOCKET_DIR=/var/run/postgresql)
// PostgreSQL is measured twice when it also listens on a Unix socket: over TCP (as the URL says) and
// through the socket, side by side, since a server on the same machine can use either (docs/capacity.md).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '#server/db/client.ts';
import { groups } from '#server/db/groups-schema.ts';
import { bankAccounts } from '#server/db/payments-schema.ts';
import { groupSafeguards } from '#server/db/safeguards-schema.ts';
import { users } from '#server/db/schema.ts';
import { postTransfer } from '#server/ledger/transfers.ts';
import { DEMO_USER } from '#shared/demo.ts';
import { cleanUp, deferCleanup } from './lib/cleanup.ts';
import { saveGoals } from './lib/goals.ts';
import { announceRun, type LoadConfig, type Measurement, measure } from './lib/measure.ts';
import { createScratchDatabase, loginDemo, startNodeServer, waitUntilReady } from './lib/servers.ts';
import { fixed, printTable, type Row } from './lib/table.ts';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Where this machine's PostgreSQL keeps its Unix socket (Debian's default). */
const POSTGRES_SOCKET_DIR = process.env.BENCH_POSTGRES_SOCKET_DIR ?? '/var/run/postgresql';
const config: LoadConfig = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  warmupSeconds: 2,
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
};
// PGlite runs one query at a time in-process: 50 waiting connections only measure the queue (some
// waited past autocannon's 10 s timeout); 10 keep it saturated without timeouts, for both calls.
const pgliteConfig: LoadConfig = { ...config, connections: Math.min(config.connections, 10) };

type Engine = 'pglite' | 'postgres';
type Where = { DATA_DIR: string } | { DATABASE_URL: string };

/**
 * Issue 18: the withdrawal request and a keyed contribution confirmation at ≥ 3× the throughput they
 * had before its work on them (the withdrawal measured when the issue was taken up, the confirmation
 * the day its bench was written). The goal is met only
 * when it holds both as a ratio to bare node:http and in requests a second: this machine's speed varies
 * from day to day, and bare node:http does not slow down as a money write does (it waits on the
 * database's commits, which a slower CPU barely changes), so either figure alone can flatter.
 */
const MONEY_WRITE_GOAL_FACTOR = 3;
const BASELINES = {
  withdrawal: { pglite: 35, postgres: 127, bareRps: 50_263, measuredOn: '2026-11-29' },
  /**
   * Measured at b80dd3e, before decisions 0052 and 0053 (this bench's data: 5,000 circles, confirmations
   * one per circle in turn). The same day, with every confirmation in one circle: 116 and 53.
   */
  confirmation: { pglite: 64, postgres: 157, bareRps: 63_537, measuredOn: '2026-11-30' },
};

/** Copies of the demo's active circle for the confirmations: 4 members each, one confirmation per member. */
const CONFIRMATION_CIRCLES = 5_000;

/** Gives the demo user a verified sandbox bank and a wallet deep enough for every $1 withdrawal of the run. */
async function fundDemo(where: Where) {
  const database = await openDatabase(
    'DATA_DIR' in where ? { dataDir: where.DATA_DIR } : { databaseUrl: where.DATABASE_URL },
  );
  try {
    const [demo] = await database.db.select().from(users).where(eq(users.username, DEMO_USER.username));
    // The demo's market susu caps its members' withdrawals at $1,000 a day; the run makes thousands.
    await database.db.delete(groupSafeguards).where(eq(groupSafeguards.type, 'transaction_limits'));
    await database.db.insert(bankAccounts).values({
      userId: demo!.id,
      provider: 'sandbox',
      providerRef: 'sbx_ba_bench',
      providerData: { testBehaviour: 'succeeds' },
      bankName: 'Bench Credit Union',
      last4: '6789',
      fingerprint: 'bench',
      accountType: 'checking',
      status: 'verified',
    });
    await postTransfer(database.db, {
      idempotencyKey: 'bench-funding',
      kind: 'payout',
      userId: demo!.id,
      at: new Date(),
      legs: [
        { account: { kind: 'external', name: 'bank' }, amountCents: -100_000_000 },
        { account: { kind: 'wallet', userId: demo!.id }, amountCents: 100_000_000 },
      ],
    });
    return await addPendingContributions(database.db, demo!.id);
  } finally {
    await database.close();
  }
}

/**
 * Copies of the demo user's active circle (same members, the demo user its admin), each with every
 * member's contribution of the current cycle pending: each request of the run confirms one that is
 * still unpaid, as an admin at a meeting does, and the first of each circle opens its escrow account.
 * Returned in the order they are confirmed: one per circle in turn, so requests at once are for
 * different circles, as on a server that holds thousands. Due in 2099: never late, no penalty.
 */
async function addPendingContributions(db: Awaited<ReturnType<typeof openDatabase>>['db'], demoId: number) {
  const [tanda] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.createdBy, demoId), eq(groups.status, 'active')));
  if (!tanda) throw new Error('the demo user admins no active circle');
  const copied = async (table: string, except: string[]) => {
    const result = await db.execute(sql`select string_agg(quote_ident(column_name), ', ') as names
      from information_schema.columns where table_schema = 'public' and table_name = ${table}
        and is_identity = 'NO' and column_name <> all(${`{${except.join(',')}}`}::text[])`);
    return sql.raw((result as unknown as { rows: [{ names: string }] }).rows[0].names);
  };
  const groupColumns = await copied('groups', ['invite_code']);
  const memberColumns = await copied('group_members', ['group_id']);
  const copies = await db.execute(sql`insert into groups (${groupColumns}, invite_code)
    select ${groupColumns}, 'BENCH' || n from groups, generate_series(1, ${CONFIRMATION_CIRCLES}) n
    where id = ${tanda.id} returning id`);
  const circleIds = `{${(copies as unknown as { rows: { id: number }[] }).rows.map((row) => row.id).join(',')}}`;
  await db.execute(sql`insert into group_members (group_id, ${memberColumns})
    select c.id, ${memberColumns} from group_members m, unnest(${circleIds}::int[]) c(id)
    where m.group_id = ${tanda.id}`);
  const pending = await db.execute(sql`insert into contributions
      (group_id, cycle, user_id, amount_cents, due_date, grace_days)
    select m.group_id, ${tanda.currentCycle}, m.user_id, ${tanda.contributionCents}, '2099-01-01', 3
      from group_members m where m.group_id = any(${circleIds}::int[])
    returning id, group_id as "groupId", user_id as "userId"`);
  return (pending as unknown as { rows: { id: number; groupId: number; userId: number }[] }).rows
    .sort((x, y) => x.userId - y.userId || x.groupId - y.groupId)
    .map((row) => row.id);
}

async function startApp(engine: string, where: Where) {
  // Sandbox settlements are due an hour later: the run measures the request, not the settlement.
  const server = await startNodeServer(`SaveCircle (${engine})`, 'src/server/main.ts', {
    ...where,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    SANDBOX_SETTLEMENT_SECONDS: '3600',
    // The run is one person on many connections: the per-person read limits would refuse most of it.
    READS_PER_USER_PER_10_SECONDS: '0',
    READS_IN_FLIGHT_PER_USER: '0',
  });
  await waitUntilReady(server, '/api/health', 120_000);
  return server;
}

async function measureEngine(engine: Engine, where: Where): Promise<Measurement[]> {
  const load = engine === 'pglite' ? pgliteConfig : config;
  // First start seeds the demo; then, with the server stopped (PGlite has one owner), money goes in.
  await (await startApp(engine, where)).stop();
  const pendingIds = await fundDemo(where);
  const server = await startApp(engine, where);
  try {
    const auth = { authorization: await loginDemo(server) };
    const groups = (await (await fetch(`${server.baseUrl}/api/user/groups`, { headers: auth })).json()) as {
      id: number;
      status: string;
    }[];
    // The demo's own circle (the lowest id), not one of the copies made for the confirmations.
    const active = groups.filter((g) => g.status === 'active').sort((a, b) => a.id - b.id)[0];
    if (!active) throw new Error('the demo has no active circle');
    const escrowUrl = `${server.baseUrl}/api/groups/${active.id}/escrow`;
    const escrowBody = await (await fetch(escrowUrl, { headers: auth })).text();
    if (!escrowBody.includes('"escrows"')) throw new Error(`escrow preflight: ${escrowBody}`);
    console.log(`  ${server.name} GET /api/groups/${active.id}/escrow …`);
    const escrow = await measure(
      {
        name: 'GET escrow tab',
        url: escrowUrl,
        headers: auth,
        expectBody: escrowBody,
        serverPid: server.pid,
      },
      load,
    );
    console.log(`  ${server.name} POST /api/withdrawals/request …`);
    const withdrawal = await measure(
      {
        name: 'POST withdrawal $1 ACH',
        url: `${server.baseUrl}/api/withdrawals/request`,
        method: 'POST',
        body: JSON.stringify({ method: 'bank_transfer', amount: '1.00' }),
        headers: { ...auth, origin: server.baseUrl },
        serverPid: server.pid,
      },
      load,
    );
    console.log(`  ${server.name} POST /api/contributions/:id/confirm with an Idempotency-Key …`);
    let next = 0;
    const confirmation = await measure(
      {
        name: 'POST keyed confirmation',
        url: `${server.baseUrl}/api/contributions/${pendingIds[0]}/confirm`,
        method: 'POST',
        headers: { ...auth, origin: server.baseUrl },
        serverPid: server.pid,
        nextRequest: () => {
          const id = pendingIds[next++];
          if (id === undefined) throw new Error('the run confirmed every pending contribution: add more');
          return { path: `/api/contributions/${id}/confirm`, headers: { 'idempotency-key': `bench-${id}` } };
        },
      },
      load,
    );
    return [escrow, withdrawal, confirmation];
  } finally {
    await server.stop();
  }
}

/** Issue 18's goal for a money write: 3× its baseline, as a ratio to bare node:http and in req/s. */
function moneyWriteGoal(write: keyof typeof BASELINES, engine: Engine, m: Measurement, ratio: number) {
  const baseline = BASELINES[write];
  const byRatio = ratio / (baseline[engine] / baseline.bareRps);
  const byRate = m.requestsPerSecond / baseline[engine];
  return {
    text: `≥ ${MONEY_WRITE_GOAL_FACTOR}× ${baseline.measuredOn} (${baseline[engine]} req/s): ${byRatio.toFixed(1)}× as a ratio to bare, ${byRate.toFixed(1)}× in req/s`,
    met: Math.min(byRatio, byRate) >= MONEY_WRITE_GOAL_FACTOR,
  };
}

async function measureBare(when: string) {
  const server = await startNodeServer('bare node:http', 'bench/lib/bare-server.ts', {});
  try {
    await waitUntilReady(server, '/api/health');
    const url = `${server.baseUrl}/api/health`;
    const body = await (await fetch(url)).text();
    console.log(`  bare node:http GET /api/health, ${when} …`);
    return await measure(
      { name: `bare node:http (${when})`, url, expectBody: body, serverPid: server.pid },
      config,
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  announceRun(
    'money rails',
    config,
    'ratio: requests per second ÷ the mean of the two bare node:http runs.\n',
  );
  const bare = [await measureBare('before')];
  const results: { label: string; engine: Engine; measured: Measurement[] }[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'savecircle-bench-money-'));
  const removeDir = deferCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  results.push({
    label: 'pglite',
    engine: 'pglite',
    measured: await measureEngine('pglite', { DATA_DIR: dataDir }),
  });
  await removeDir();
  const port = new URL(POSTGRES_ADMIN_URL).port || '5432';
  const viaSocket = existsSync(path.join(POSTGRES_SOCKET_DIR, `.s.PGSQL.${port}`));
  for (const socket of viaSocket ? [false, true] : [false]) {
    const database = await createScratchDatabase(POSTGRES_ADMIN_URL);
    if ('skipped' in database) {
      console.log(`postgres skipped: ${database.skipped}`);
      break;
    }
    const drop = deferCleanup(database.drop);
    const url = new URL(database.url);
    // node-postgres takes a socket directory as the host, given in the query (the URL's host stays valid).
    if (socket) url.searchParams.set('host', POSTGRES_SOCKET_DIR);
    results.push({
      label: socket ? 'postgres (Unix socket)' : 'postgres (TCP)',
      engine: 'postgres',
      measured: await measureEngine('postgres', { DATABASE_URL: url.toString() }),
    });
    await drop();
  }
  bare.push(await measureBare('after'));
  const bareRps = bare.reduce((sum, m) => sum + m.requestsPerSecond, 0) / bare.length;
  const row = (m: Measurement, engine?: Engine): Row => {
    const ratio = m.requestsPerSecond / bareRps;
    const write = m.name.startsWith('POST withdrawal')
      ? 'withdrawal'
      : m.name.startsWith('POST keyed confirmation')
        ? 'confirmation'
        : null;
    return {
      ...m,
      ratio,
      goal: engine && write && BASELINES[write][engine] > 0 ? moneyWriteGoal(write, engine, m, ratio) : null,
      valid: m.problems.length === 0,
    };
  };
  printTable(
    `Baseline (ratio reference = ${fixed(bareRps)} req/s)`,
    bare.map((m) => row(m)),
  );
  const engineRows = results.map(({ label, engine, measured }) => ({
    label,
    rows: measured.map((m) => row(m, engine)),
  }));
  for (const { label, rows } of engineRows) printTable(`SaveCircle on ${label}`, rows);
  saveGoals(
    'money',
    engineRows.flatMap(({ label, rows }) =>
      rows.flatMap((r) =>
        r.goal && r.valid
          ? [
              {
                target: `${r.name} on ${label}`,
                measured: `${fixed(r.requestsPerSecond)} req/s = ${r.ratio.toFixed(4)}× bare`,
                goal: r.goal.text,
                met: r.goal.met,
              },
            ]
          : [],
      ),
    ),
  );
  if ([...bare, ...results.flatMap((r) => r.measured)].some((m) => m.problems.length > 0))
    process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
