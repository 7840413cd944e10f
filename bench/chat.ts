// Chat read paths on a large chat, PostgreSQL: GET /api/chat/unread's one statement, the first and an
// older page of GET …/messages, and the send path's rate-limit count; then EXPLAIN ANALYZE of each.
// Not a test. npx tsx bench/chat.ts   (env: BENCH_POSTGRES_URL, BENCH_GROUPS=200, BENCH_MESSAGES=2500)

import { and, count, eq, gt } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { groupMessages } from '#server/db/schema.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { listMessages } from '#server/features/chat/messages.ts';
import { unreadCounts } from '#server/features/chat/reads.ts';
import { createScratchDatabase } from './lib/servers.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GROUPS = Number(process.env.BENCH_GROUPS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2500);
const MEMBERS = 10;
/** The measured user belongs to this many circles (the first ones). */
const MINE = 20;

async function timed(name: string, runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${name.padEnd(34)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms`);
}

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL);
  if ('skipped' in scratch) return console.log(scratch.skipped);
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    await migrateDatabase(database, scratch.url);
    const { db } = database;
    const q = (text: string) => db.execute(text as never);
    const users = GROUPS * MEMBERS;
    const started = performance.now();
    await q(`insert into users (username, email, full_name, password_hash)
      select 'u' || i, 'u' || i || '@x.org', 'User ' || i, 'x' from generate_series(1, ${users}) i`);
    await q(`insert into groups (name, contribution_cents, member_limit, total_cycles, created_by, invite_code,
        contribution_day, start_date, status, current_members)
      select 'Circle ' || g, 10000, ${MEMBERS}, ${MEMBERS}, (g - 1) * ${MEMBERS} + 1, 'CODE' || g, 1, '2026-01-01', 'active', ${MEMBERS}
      from generate_series(1, ${GROUPS}) g`);
    // Circle g's members are users (g-1)*M+1 … g*M; user 2 also sits in the first MINE circles.
    await q(`insert into group_members (group_id, user_id, role)
      select g, (g - 1) * ${MEMBERS} + m, case when m = 1 then 'admin' else 'member' end
      from generate_series(1, ${GROUPS}) g, generate_series(1, ${MEMBERS}) m`);
    await q(`insert into group_members (group_id, user_id) select g, 2 from generate_series(2, ${MINE}) g`);
    await q(`insert into group_messages (group_id, user_id, message, created_at)
      select g, (g - 1) * ${MEMBERS} + 1 + (i % ${MEMBERS}), 'Message ' || i, now() - (${MESSAGES} - i) * interval '1 minute'
      from generate_series(1, ${GROUPS}) g, generate_series(1, ${MESSAGES}) i`);
    // Half of each of user 2's circles read.
    await q(`insert into group_chat_reads (group_id, user_id, last_read_message_id)
      select group_id, 2, min(id) + ${MESSAGES / 2} from group_messages where group_id <= ${MINE} group by group_id`);
    await q('analyze');
    console.log(
      `filled ${GROUPS} circles × ${MESSAGES} messages (${GROUPS * MESSAGES} rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const ctx = { database } as unknown as AppContext;
    const user = { id: 2, fullName: 'User 2' } as SessionUser;
    const unread = await unreadCounts(ctx, user);
    console.log(`user 2: ${unread.length} circles, ${unread.reduce((n, u) => n + u.unread, 0)} unread`);
    await timed('GET /api/chat/unread (statement)', 200, () => unreadCounts(ctx, user));
    const first = await listMessages(ctx, user, 1, { limit: 50 });
    await timed('GET messages, newest page', 200, () => listMessages(ctx, user, 1, { limit: 50 }));
    const older = first[first.length - 1]!.id - 1000;
    await timed('GET messages, page 20 back', 200, () =>
      listMessages(ctx, user, 1, { before: older, limit: 50 }),
    );
    await timed('GET messages?pinned=true', 200, () =>
      listMessages(ctx, user, 1, { limit: 50, pinned: 'true' }),
    );
    await timed('send: rate-limit count', 200, () =>
      db
        .select({ n: count() })
        .from(groupMessages)
        .where(
          and(
            eq(groupMessages.groupId, 1),
            eq(groupMessages.userId, 2),
            gt(groupMessages.createdAt, new Date(Date.now() - 60_000)),
          ),
        ),
    );
  } finally {
    await database.close();
    await scratch.drop();
  }
}

await main();
