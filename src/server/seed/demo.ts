import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import { DEMO_USER } from '#shared/demo.ts';

/** Creates the demo account the sign-in page's hint names, once. */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${DEMO_USER.username.toLowerCase()}`);
  if (existing) return;
  await db
    .insert(users)
    .values({
      username: DEMO_USER.username,
      email: DEMO_USER.email,
      fullName: DEMO_USER.fullName,
      passwordHash: await hashPassword(DEMO_USER.password),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing();
}
