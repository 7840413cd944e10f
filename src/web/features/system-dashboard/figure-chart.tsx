import { useId } from 'react';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';

export type ChartRow = { label: string; value: number };

/**
 * A bar chart for sighted readers and, under it, the same figures as a table: screen readers skip the
 * drawing and read the table.
 */
export function FigureChart(props: {
  title: string;
  rows: ChartRow[];
  labelHeading: string;
  valueHeading: string;
  empty: string;
  testId?: string;
}) {
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="grid min-w-0 gap-3" data-testid={props.testId}>
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {props.title}
      </figcaption>
      {props.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{props.empty}</p>
      ) : (
        <>
          {/* Recharts' keyboard layer is off: a hidden drawing must hold nothing focusable (axe). */}
          <div aria-hidden className="h-56 w-full min-w-0">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                accessibilityLayer={false}
                data={props.rows}
                margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
              >
                <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} hide={props.rows.length > 8} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
                <Tooltip />
                <Bar dataKey="value" fill="#0f766e" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ScrollRegion label={props.title}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 text-start text-slate-600">
                  <th scope="col" className="py-1 pe-4 text-start font-medium">
                    {props.labelHeading}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {props.valueHeading}
                  </th>
                </tr>
              </thead>
              <tbody>
                {props.rows.map((row) => (
                  <tr key={row.label} className="border-b border-slate-100">
                    <td dir="ltr" className="py-1 pe-4 text-start font-mono text-xs break-all">
                      {row.label}
                    </td>
                    <td className="py-1 text-end tabular-nums">{row.value.toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </figure>
  );
}
