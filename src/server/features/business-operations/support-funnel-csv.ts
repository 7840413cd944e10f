import type { Funnel } from '#shared/schemas/product-events.ts';
import type { SupportMetrics } from '#shared/schemas/support.ts';
import type { CsvBlock } from './operations-csv.ts';

/** Milliseconds as whole minutes, empty when there is no median yet. */
const minutes = (ms: number | null) => (ms === null ? null : Math.round(ms / 60_000));
const percent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);

/** The support tab's figures, for the export of the chosen period. */
export function supportBlocks(metrics: SupportMetrics): CsvBlock[] {
  return [
    {
      title: 'Support tickets',
      header: ['figure', 'value'],
      rows: [
        ['open now', metrics.counts.open],
        ['in progress now', metrics.counts.in_progress],
        ['resolved now', metrics.counts.resolved],
        ['received in period', metrics.received],
        ['median first response (minutes)', minutes(metrics.medianFirstResponseMs)],
        ['median resolution (minutes)', minutes(metrics.medianResolutionMs)],
      ],
    },
  ];
}

/** The reports tab's funnel and event counts, for the export of the chosen period. */
export function funnelBlocks(funnel: Funnel): CsvBlock[] {
  return [
    {
      title: 'Funnel',
      header: ['step', 'people', 'conversion from step before (%)', 'of sign-ups (%)'],
      rows: funnel.steps.map((s) => [s.step, s.users, percent(s.conversion), percent(s.ofSignUps)]),
    },
    {
      title: 'Product events',
      header: ['event', 'current', 'previous'],
      rows: funnel.events.map((e) => [e.name, e.count, e.previous]),
    },
  ];
}
