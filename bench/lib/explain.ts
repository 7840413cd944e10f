// EXPLAIN (ANALYZE, BUFFERS) of exactly the SQL an endpoint runs: the server's own functions are
// called on a Drizzle connection whose logger records every statement with its parameters, then
// each read is explained on PostgreSQL and its plan searched for what grows with the data.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppContext } from '#server/app-context.ts';
import { systemClock } from '#server/clock.ts';
import { loadConfig } from '#server/config.ts';
import type { Database, Db } from '#server/db/client.ts';
import { listenPostgres } from '#server/db/listen.ts';
import * as schema from '#server/db/schema.ts';
import { findSessionUser } from '#server/features/auth/sessions.ts';
import { dashboard } from '#server/features/dashboard/dashboard.ts';
import { escrowView } from '#server/features/escrow/escrow-view.ts';
import { groupDetail } from '#server/features/groups/group-detail.ts';
import { runAutoPayouts } from '#server/jobs/auto-payouts.ts';
import { sendReminders } from '#server/jobs/reminders.ts';

export type CapturedQuery = { sql: string; params: unknown[] };

/** The statements behind one request, session lookup included, in the order they were issued. */
export type Capture = { name: string; queries: CapturedQuery[] };

/**
 * A table with at least this many rows is "large": every table the data set scales (2,000 circles
 * and up), none of the fixed ones. A sequential scan of it costs as much as its size.
 */
const LARGE_TABLE_ROWS = 1_000;
/** Rows an index scan reads and then throws away (× loops) before it is reported. */
const WASTE_ROWS = 500;

/**
 * Runs the dashboard and group-detail code (and the worker's periodic selects, which share the
 * database with every request) once each, capturing their SQL.
 */
export async function captureQueries(
  databaseUrl: string,
  session: { token: string; groupId: number },
  options: { background: boolean },
): Promise<Capture[]> {
  let sink: CapturedQuery[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => sink.push({ sql: query, params }) },
  }) as unknown as Db;
  const database: Database = {
    db,
    engine: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
    close: () => pool.end(),
  };
  const ctx: AppContext = { config: loadConfig({}), database, clock: systemClock, stopwatch: systemClock };
  const take = () => {
    const taken = sink;
    sink = [];
    return taken;
  };
  try {
    const captures: Capture[] = [];
    const signedIn = async () => {
      const user = await findSessionUser(db, session.token, systemClock.now(), ctx.config.session);
      if (!user) throw new Error('explain: the session is not valid');
      return user;
    };
    take();
    const user = await signedIn();
    await dashboard(ctx, user);
    captures.push({ name: `GET /api/user/${user.id}/dashboard`, queries: take() });
    await groupDetail(ctx, await signedIn(), session.groupId);
    captures.push({ name: `GET /api/groups/${session.groupId}`, queries: take() });
    await escrowView(ctx, await signedIn(), session.groupId);
    captures.push({ name: `GET /api/groups/${session.groupId}/escrow`, queries: take() });
    if (options.background) {
      // Both only read when nothing is due, which is how the data sets are built.
      await sendReminders(ctx);
      await runAutoPayouts(ctx);
      captures.push({ name: 'worker pass (every 60 s, in the same server)', queries: take() });
    }
    return captures;
  } finally {
    await pool.end();
  }
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

type JsonPlan = [{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }];

export type Finding = { kind: 'seq scan' | 'filtered rows' | 'grows'; text: string; fix: string };

export type ExplainedQuery = {
  label: string;
  sql: string;
  params: unknown[];
  explained: boolean;
  planningMs: number;
  executionMs: number;
  /** Shared buffers hit + read by the whole plan. */
  buffers: number;
  /** Rows the scans produced or filtered away, × loops: the work that grows when a plan scales badly. */
  rowsTouched: number;
  resultRows: number;
  findings: Finding[];
  plan: string;
};

export type ExplainedCapture = { name: string; queries: ExplainedQuery[] };

/** "users ⋈ sessions"-style name from the tables a statement reads. */
export function labelOf(text: string): string {
  const tables: string[] = [];
  for (const match of text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)) {
    const table = match[1]!;
    if (!tables.includes(table) && !['select', 'lateral'].includes(table.toLowerCase())) tables.push(table);
  }
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?';
  return `${verb === 'select' || verb === 'with' ? '' : `${verb} `}${tables.join(' ⋈ ') || '?'}`;
}

function walk(
  node: PlanNode,
  visit: (node: PlanNode, parent: PlanNode | null) => void,
  parent: PlanNode | null = null,
) {
  visit(node, parent);
  for (const child of node.Plans ?? []) walk(child, visit, node);
}

/** Column names compared in a plan condition, e.g. `((user_id = 8) AND (status <> 'paid'))` → user_id, status. */
function conditionColumns(condition: string | undefined): string[] {
  if (!condition) return [];
  const columns = new Set<string>();
  for (const match of condition.matchAll(
    /\(?(?:\w+\.)?"?([a-z_]+)"?\)?(?:::\w+)?\s*(?:=|<>|>=|<=|>|<|~~)/g,
  )) {
    columns.add(match[1]!);
  }
  return [...columns];
}

function seqScanFix(table: string, node: PlanNode, parent: PlanNode | null): string {
  const columns = conditionColumns(node.Filter);
  if (columns.length > 0) {
    const partial = /<>/.test(node.Filter ?? '') ? ', partial (WHERE the <> condition holds)' : '';
    return `index on ${table} (${columns.join(', ')})${partial}`;
  }
  if (parent?.['Node Type'] === 'Hash') {
    return (
      `none missing (the join key is indexed): the planner hashes all of ${table} on every call because ` +
      `that is cheaper than one index probe per outer row while ${table} is small, so the cost grows with ` +
      `${table}; look the few ${table} rows up by id (or reuse rows the request already loaded) instead of joining`
    );
  }
  return `the statement reads all of ${table}; it needs a WHERE that an index can serve`;
}

function findingsOf(root: PlanNode, largeTables: Map<string, number>): Finding[] {
  const findings: Finding[] = [];
  walk(root, (node, parent) => {
    const table = node['Relation Name'];
    const loops = node['Actual Loops'] ?? 1;
    const removed = (node['Rows Removed by Filter'] ?? 0) * loops;
    if (node['Node Type'] === 'Seq Scan' && table && largeTables.has(table)) {
      findings.push({
        kind: 'seq scan',
        text:
          `Seq Scan on ${table} (~${largeTables.get(table)!.toLocaleString('en')} rows), ${loops} loop(s), ` +
          `${((node['Actual Rows'] ?? 0) * loops).toLocaleString('en')} rows kept, ` +
          `${removed.toLocaleString('en')} filtered out${node.Filter ? ` (${node.Filter})` : ''}` +
          `${parent?.['Node Type'] === 'Hash' ? ', all hashed for a join' : ''}`,
        fix: seqScanFix(table, node, parent),
      });
    } else if (removed >= WASTE_ROWS && table) {
      const columns = [
        ...new Set([...conditionColumns(node['Index Cond']), ...conditionColumns(node.Filter)]),
      ];
      findings.push({
        kind: 'filtered rows',
        text:
          `${node['Node Type']} on ${table}${node['Index Name'] ? ` using ${node['Index Name']}` : ''} ` +
          `reads then discards ${removed.toLocaleString('en')} rows (Filter: ${node.Filter ?? '?'})`,
        fix: `index on ${table} (${columns.join(', ')})`,
      });
    }
  });
  return findings;
}

function rowsTouched(root: PlanNode): number {
  let total = 0;
  walk(root, (node) => {
    if (!node['Relation Name']) return;
    const loops = node['Actual Loops'] ?? 1;
    total += ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * loops;
  });
  return total;
}

/** Explains every read of every capture (writes are listed but not run again). */
export async function explainCaptures(databaseUrl: string, captures: Capture[]): Promise<ExplainedCapture[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const sizes = await client.query<{ relname: string; reltuples: number }>(
      `select relname, reltuples::float8 as reltuples from pg_class
       where relkind = 'r' and relnamespace = 'public'::regnamespace`,
    );
    const largeTables = new Map(
      sizes.rows.filter((r) => r.reltuples >= LARGE_TABLE_ROWS).map((r) => [r.relname, r.reltuples]),
    );
    const result: ExplainedCapture[] = [];
    for (const capture of captures) {
      const queries: ExplainedQuery[] = [];
      for (const query of capture.queries) {
        const base = {
          label: labelOf(query.sql),
          sql: query.sql,
          params: query.params,
        };
        if (!/^\s*(select|with)\b/i.test(query.sql)) {
          queries.push({
            ...base,
            explained: false,
            planningMs: 0,
            executionMs: 0,
            buffers: 0,
            rowsTouched: 0,
            resultRows: 0,
            findings: [],
            plan: '(a write; not explained)',
          });
          continue;
        }
        const params = query.params as unknown[];
        // The first run warms the cache, so the second shows the steady state the benchmark sees.
        await client.query(`explain (analyze, buffers, format json) ${query.sql}`, params);
        const json = await client.query<{ 'QUERY PLAN': JsonPlan }>(
          `explain (analyze, buffers, format json) ${query.sql}`,
          params,
        );
        const text = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${query.sql}`,
          params,
        );
        const [top] = json.rows[0]!['QUERY PLAN'];
        const plan = top.Plan;
        queries.push({
          ...base,
          explained: true,
          planningMs: top['Planning Time'],
          executionMs: top['Execution Time'],
          buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
          rowsTouched: rowsTouched(plan),
          resultRows: plan['Actual Rows'] ?? 0,
          findings: findingsOf(plan, largeTables),
          plan: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
        });
      }
      result.push({ name: capture.name, queries });
    }
    return result;
  } finally {
    await client.end();
  }
}

/**
 * Adds a "grows" finding to each query of `large` whose work is well above the same query's for
 * the same user on the small data set: the same rows asked for, more read.
 */
export function compareGrowth(small: ExplainedCapture[], large: ExplainedCapture[]) {
  for (const capture of large) {
    const before = small.find((c) => c.name === capture.name);
    if (!before) continue;
    capture.queries.forEach((query, index) => {
      const old = before.queries[index];
      if (!old || old.sql !== query.sql || !query.explained) return;
      const rowsGrow = query.rowsTouched > 3 * old.rowsTouched && query.rowsTouched - old.rowsTouched > 200;
      const buffersGrow = query.buffers > 3 * old.buffers && query.buffers - old.buffers > 50;
      if (!rowsGrow && !buffersGrow) return;
      query.findings.push({
        kind: 'grows',
        text:
          `same user, same result (${old.resultRows} → ${query.resultRows} rows), but rows touched ` +
          `${old.rowsTouched} → ${query.rowsTouched} and buffers ${old.buffers} → ${query.buffers} ` +
          `on the large data set`,
        fix: query.findings.length
          ? 'the finding above'
          : 'see the plan: an index that starts at the user or circle instead of scanning by another column',
      });
    });
  }
}
