import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * A digest of every row of every application table, to show that a refused request changed
 * nothing. Sessions are left out: checking a session refreshes when it was last seen. So are the
 * audit rows that record the refusal itself (`access_refused`): writing them is the point. And the
 * monitoring tables, which count every request (refused ones too) and are written every few seconds.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (
    (await db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE'
            and table_name not in ('sessions', 'request_metrics_minutes', 'security_ip_minutes', 'server_instances')
          order by table_name`,
    )) as unknown as { rows: { name: string }[] }
  ).rows.map((r) => r.name);
  const digest = sql.join(
    tables.map(
      (table) =>
        sql`select ${table} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest
            from ${sql.identifier(table)} t
            ${table === 'audit_log' ? sql`where t.action <> 'access_refused'` : sql``}`,
    ),
    sql` union all `,
  );
  const rows = ((await db.execute(digest)) as unknown as { rows: { name: string; digest: string }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}
