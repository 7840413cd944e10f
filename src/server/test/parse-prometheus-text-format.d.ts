/** Its output (prom2json's shape). It keeps a histogram's buckets but drops its labels: read counters. */
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export type PrometheusSample =
    | { value: string; labels?: Labels }
    | { buckets: Record<string, string>; count: string; sum: string; labels?: Labels };
  export type PrometheusFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  };
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
