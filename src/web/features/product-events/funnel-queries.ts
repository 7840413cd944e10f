import type { Funnel, FunnelPeriod } from '#shared/schemas/product-events.ts';
import { getJson } from '#web/lib/api.ts';

export const funnelKey = (period: FunnelPeriod) => ['operations', 'funnel', period] as const;

/** GET /api/operations/funnel for one period (operators only). */
export const funnelRequest = (period: FunnelPeriod) =>
  getJson<Funnel>(`/api/operations/funnel?period=${encodeURIComponent(period)}`);
