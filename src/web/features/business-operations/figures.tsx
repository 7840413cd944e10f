import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '#shared/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { useFormat } from '#web/lib/format.ts';

export type Unit = 'cents' | 'count';

/** Shows a figure as money (cents) or a plain number. */
export function useFigure() {
  const format = useFormat();
  return (unit: Unit, value: number) =>
    unit === 'cents' ? format.money(formatAmount(value)) : format.number(value);
}

/** The change against the previous period, signed, or "no change". */
export function Change({ unit, current, previous }: { unit: Unit; current: number; previous: number }) {
  const { t } = useTranslation('businessOperations');
  const figure = useFigure();
  const format = useFormat();
  const delta = current - previous;
  if (delta === 0) return <span className="text-slate-600">{t('change.none')}</span>;
  const text = `${delta > 0 ? '+' : '−'}${figure(unit, Math.abs(delta))}`;
  return (
    <span className={delta > 0 ? 'text-emerald-700' : 'text-red-700'}>
      {t('change.against', { change: format.ltr(text) })}
    </span>
  );
}

/**
 * A titled table in a card. On a narrow screen the table scrolls sideways inside its card, so the
 * page itself never becomes wider than the phone.
 */
export function FigureTable(props: {
  title: string;
  headers: string[];
  rows: ReactNode[][];
  empty?: string;
  testId?: string;
}) {
  return (
    <Card className="min-w-0" data-testid={props.testId}>
      <CardHeader>
        <CardTitle className="text-base">{props.title}</CardTitle>
      </CardHeader>
      <CardContent>
        {props.rows.length === 0 && props.empty ? (
          <p className="text-sm text-slate-600">{props.empty}</p>
        ) : (
          <ScrollRegion label={props.title}>
            <table className="w-full min-w-max text-sm">
              <thead>
                <tr className="border-b text-slate-600">
                  {props.headers.map((header) => (
                    <th key={header} scope="col" className="px-2 py-2 text-start font-medium">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.rows.map((row, i) => (
                  // Rows have no id of their own; their order is the server's and fixed.
                  <tr key={i} className="border-b last:border-0">
                    {row.map((cell, j) => (
                      <td key={j} className="px-2 py-2 text-start">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </CardContent>
    </Card>
  );
}

/** Rows of "figure, this period, previous period, change" for a comparison table. */
export function useComparisonRows() {
  const figure = useFigure();
  return (items: { label: string; unit: Unit; current: number; previous: number }[]) =>
    items.map((item) => [
      item.label,
      figure(item.unit, item.current),
      figure(item.unit, item.previous),
      <Change key="change" unit={item.unit} current={item.current} previous={item.previous} />,
    ]);
}
