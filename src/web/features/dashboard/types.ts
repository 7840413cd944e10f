import type { DashboardReply } from '#shared/schemas/dashboard.ts';

/** GET /api/user/{userId}/dashboard: the reply's contract is in shared/schemas/dashboard.ts. */
export type DashboardData = DashboardReply;
export type { Activity, Milestone, UpcomingPayment } from '#shared/schemas/dashboard.ts';
