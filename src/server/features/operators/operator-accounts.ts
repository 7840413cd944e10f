import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';

const byName = (username: string) => sql`lower(${users.username}) = ${username.trim().toLowerCase()}`;

/**
 * Brings existing accounts in line with OPERATOR_USERNAMES at a server start: listed names become
 * operators, and operators the list made ('env') stop being operators when their name leaves it.
 * Operators promoted by the command keep the flag whatever the list says.
 */
export async function applyOperatorList(db: Db, usernames: string[]) {
  const names = usernames.map((name) => name.toLowerCase());
  const promoted = names.length
    ? await db
        .update(users)
        .set({ isOperator: true, operatorSource: 'env' })
        .where(and(eq(users.isOperator, false), inArray(sql`lower(${users.username})`, names)))
        .returning({ username: users.username })
    : [];
  const demoted = await db
    .update(users)
    .set({ isOperator: false, operatorSource: null })
    .where(
      and(
        eq(users.operatorSource, 'env'),
        names.length ? sql`lower(${users.username}) not in ${names}` : undefined,
      ),
    )
    .returning({ username: users.username });
  return { promoted: promoted.map((u) => u.username), demoted: demoted.map((u) => u.username) };
}

export type OperatorChange = 'changed' | 'unchanged' | 'unknown-user';

/** Makes someone an operator until demoted; the list at a start does not take it away. */
export async function promoteOperator(db: Db, username: string): Promise<OperatorChange> {
  const [user] = await db.select({ source: users.operatorSource }).from(users).where(byName(username));
  if (!user) return 'unknown-user';
  if (user.source === 'command') return 'unchanged';
  await db.update(users).set({ isOperator: true, operatorSource: 'command' }).where(byName(username));
  return 'changed';
}

/** Takes the flag away now; a name still in OPERATOR_USERNAMES gets it back at the next start. */
export async function demoteOperator(db: Db, username: string): Promise<OperatorChange> {
  const [user] = await db.select({ isOperator: users.isOperator }).from(users).where(byName(username));
  if (!user) return 'unknown-user';
  if (!user.isOperator) return 'unchanged';
  await db.update(users).set({ isOperator: false, operatorSource: null }).where(byName(username));
  return 'changed';
}

export async function listOperators(db: Db) {
  return db
    .select({ username: users.username, fullName: users.fullName, source: users.operatorSource })
    .from(users)
    .where(eq(users.isOperator, true))
    .orderBy(users.username);
}
