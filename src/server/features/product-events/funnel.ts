import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { productEvents } from '#server/db/schema.ts';
import {
  FUNNEL_STEPS,
  type Funnel,
  type FunnelPeriod,
  type FunnelStep,
  PRODUCT_EVENT_NAMES,
  type ProductEventName,
} from '#shared/schemas/product-events.ts';

const DAY = 86_400_000;
/** The same lengths as the support desk's periods (support-metrics.ts). */
const periodDays: Record<FunnelPeriod, number> = { week: 7, month: 30, quarter: 91, year: 365 };

const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The operators' funnel (issue 15): each event's count in the period (the `days` up to now) and in
 * the one before, and the people who signed up in the period followed through the funnel's steps:
 * created or joined a circle, then paid a first contribution (at any time up to now).
 */
export async function productFunnel(db: Db, period: FunnelPeriod, now: Date): Promise<Funnel> {
  const days = periodDays[period];
  const since = new Date(now.getTime() - days * DAY);
  const previousSince = new Date(since.getTime() - days * DAY);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

  const counted = await db
    .select({
      name: productEvents.name,
      count: sql<number>`(count(*) filter (where ${productEvents.occurredAt} >= ${at(since)}))::int`,
      previous: sql<number>`(count(*) filter (where ${productEvents.occurredAt} < ${at(since)}))::int`,
    })
    .from(productEvents)
    .where(
      sql`${productEvents.occurredAt} >= ${at(previousSince)} and ${productEvents.occurredAt} <= ${at(now)}`,
    )
    .groupBy(productEvents.name);
  const byName = new Map<ProductEventName, { count: number; previous: number }>(
    counted.map((row) => [row.name, { count: row.count, previous: row.previous }]),
  );
  const events = PRODUCT_EVENT_NAMES.map((name) => ({
    name,
    count: byName.get(name)?.count ?? 0,
    previous: byName.get(name)?.previous ?? 0,
  }));

  // Distinct people: a sign-up is once per account, but a circle or a payment may come many times.
  const reached = (names: ProductEventName[], cohort: string) => sql`
    select c.user_id from ${sql.identifier(cohort)} c where exists (
      select 1 from ${productEvents} e
      where e.user_id = c.user_id and e.occurred_at <= ${at(now)}
        and e.name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )}))`;
  const [row] = (
    (await db.execute(sql`with
      signed_up as (
        select distinct user_id from ${productEvents}
        where name = 'sign_up' and user_id is not null
          and occurred_at >= ${at(since)} and occurred_at <= ${at(now)}),
      joined_circle as (${reached(['create_group', 'join_group'], 'signed_up')}),
      first_contribution as (${reached(['contribution'], 'joined_circle')})
    select
      (select count(*) from signed_up)::int as signed_up,
      (select count(*) from joined_circle)::int as joined_circle,
      (select count(*) from first_contribution)::int as first_contribution`)) as unknown as {
      rows: Record<FunnelStep, number>[];
    }
  ).rows;
  const signUps = row?.signed_up ?? 0;
  const steps = FUNNEL_STEPS.map((step, i) => {
    const users = row?.[step] ?? 0;
    const before = i === 0 ? null : (row?.[FUNNEL_STEPS[i - 1]!] ?? 0);
    return {
      step,
      users,
      conversion: before === null ? null : share(users, before),
      ofSignUps: share(users, signUps),
    };
  });
  return { period, days, since: since.toISOString(), until: now.toISOString(), events, steps };
}
