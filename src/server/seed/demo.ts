import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { AdjustableClock } from '#server/clock.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/features/auth/passwords.ts';
import type { SessionUser } from '#server/features/auth/sessions.ts';
import { DEMO_OPERATOR, DEMO_USER } from '#shared/demo.ts';
import { seedCircles } from './demo-circles.ts';
import { seedReferralSignUps } from './demo-referrals.ts';
import { seedSupportTickets } from './demo-support.ts';

const DAY = 86_400_000;

const NEIGHBOURS = [
  { username: 'kwame', fullName: 'Kwame Mensah' },
  { username: 'lucia', fullName: 'Lucía Fernández' },
  { username: 'minji', fullName: 'Min-ji Park' },
  { username: 'fatima', fullName: 'Fatima Al-Sayed' },
  { username: 'wei', fullName: 'Wei Chen' },
  { username: 'sofia', fullName: 'Sofía Ramírez' },
] as const;

/**
 * Creates the demo account the sign-in page's hint names, with neighbours (who cannot sign in) and
 * circles in every state, built through the real services on a clock set back in time. Runs once.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  // A known operator password would open every system page (and the mailbox) of a public server.
  if (!ctx.config.isProduction) await seedOperator(ctx);
  if (await accountExists(ctx, DEMO_USER.username)) return;

  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  // The demo's addresses count as confirmed: nobody reads their mail.
  const emailVerifiedAt = ctx.clock.now();
  const rows = await db
    .insert(users)
    .values([
      {
        username: DEMO_USER.username,
        email: DEMO_USER.email,
        fullName: DEMO_USER.fullName,
        passwordHash: await hashPassword(DEMO_USER.password),
        emailVerifiedAt,
      },
      ...NEIGHBOURS.map((n) => ({
        ...n,
        email: `${n.username}@demo.savecircle.app`,
        passwordHash: unusable,
        emailVerifiedAt,
      })),
    ])
    .onConflictDoNothing()
    .returning();
  if (rows.length !== NEIGHBOURS.length + 1) return;
  const byName = new Map(rows.map((u) => [u.username, u as SessionUser]));
  const who = (name: string) => byName.get(name)!;
  const clock = new AdjustableClock(ctx.clock);
  const seedCtx = { ...ctx, clock };
  // The referred neighbours signed up before the family tanda began (its first cycle activates Lucía's).
  clock.set(new Date(ctx.clock.now().getTime() - 75 * DAY));
  await seedReferralSignUps(seedCtx, who);
  clock.set(ctx.clock.now());
  await seedCircles(seedCtx, clock, who);
  await seedSupportTickets(seedCtx, clock, who);
}

/** The demo's operator (README names it): sees the system pages; promoted as by the command, so it stays. */
async function accountExists(ctx: AppContext, username: string) {
  const [existing] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`);
  return existing !== undefined;
}

async function seedOperator(ctx: AppContext) {
  // Hashing a password takes a fifth of a second: not on every restart (issue 18's start-up time).
  if (await accountExists(ctx, DEMO_OPERATOR.username)) return;
  await ctx.database.db
    .insert(users)
    .values({
      username: DEMO_OPERATOR.username,
      email: DEMO_OPERATOR.email,
      fullName: DEMO_OPERATOR.fullName,
      passwordHash: await hashPassword(DEMO_OPERATOR.password),
      emailVerifiedAt: ctx.clock.now(),
      isOperator: true,
      operatorSource: 'command',
    })
    .onConflictDoNothing();
}
