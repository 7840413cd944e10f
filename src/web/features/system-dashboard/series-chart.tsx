import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonitoringBucket, MonitoringReply } from '#shared/schemas/monitoring.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useFormat } from '#web/lib/format.ts';

export type SeriesLine = {
  key: Exclude<keyof MonitoringBucket, 'at'>;
  name: string;
  color: string;
  /** How a value reads in the table and the tooltip (default: a plain number). */
  format?: (value: number) => string;
};

/**
 * The timeframe's buckets as lines over time, in the viewer's locale and time zone. The picture is
 * labelled with a one-sentence summary; screen readers read the table under it, which sighted
 * readers can show too.
 */
export function SeriesChart(props: {
  title: string;
  summary: string;
  timeframe: MonitoringReply['timeframe'];
  series: MonitoringBucket[];
  lines: SeriesLine[];
  testId?: string;
}) {
  const { t } = useTranslation('systemDashboard');
  const format = useFormat();
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const withWeekday = props.timeframe === '7d';
  const show = (line: SeriesLine, value: number) => (line.format ?? format.number)(value);
  return (
    <figure aria-labelledby={titleId} className="grid min-w-0 gap-3" data-testid={props.testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <figcaption id={titleId} className="font-semibold text-slate-900">
          {props.title}
        </figcaption>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? t('hideTable') : t('showTable')}
        </Button>
      </div>
      {/* Time runs left to right in every language, Arabic included. */}
      <div role="img" aria-label={props.summary} className="h-56 w-full min-w-0" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={props.series}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="at"
              tickFormatter={(iso: string) => format.time(iso, withWeekday)}
              tick={{ fontSize: 11 }}
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
            <Tooltip
              labelFormatter={(iso) => format.instant(String(iso))}
              formatter={(value, name) => {
                const line = props.lines.find((l) => l.name === name);
                return line ? show(line, Number(value)) : String(value);
              }}
            />
            {props.lines.length > 1 && <Legend />}
            {props.lines.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.name}
                stroke={line.color}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div id={tableId} className={cn(showTable ? 'max-h-72 overflow-auto' : 'sr-only')}>
        <table className="w-full text-sm">
          <caption className="sr-only">{props.title}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-1 pe-4 text-start font-medium">
                {t('timeColumn')}
              </th>
              {props.lines.map((line) => (
                <th key={line.key} scope="col" className="py-1 pe-4 text-end font-medium">
                  {line.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.series.map((bucket) => (
              <tr key={bucket.at} className="border-b border-slate-100">
                <th scope="row" className="py-1 pe-4 text-start font-normal whitespace-nowrap">
                  {format.instant(bucket.at)}
                </th>
                {props.lines.map((line) => (
                  <td key={line.key} className="py-1 pe-4 text-end tabular-nums">
                    {show(line, bucket[line.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
