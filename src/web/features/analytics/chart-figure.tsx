import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * A chart with its figures as a table: the picture is labelled for screen readers, which read the
 * table; sighted readers can show the table too.
 */
export function ChartFigure(props: {
  title: string;
  subtitle?: string;
  /** What the picture shows, in a sentence (its aria-label). */
  summary: string;
  chart: ReactNode;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty?: string;
}) {
  const { t } = useTranslation('analytics');
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle>{props.title}</CardTitle>
          {props.subtitle && <p className="text-sm text-slate-600">{props.subtitle}</p>}
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? t('chart.hideTable') : t('chart.showTable')}
        </Button>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {props.empty ? (
          <p className="py-8 text-center text-sm text-slate-600">{props.empty}</p>
        ) : (
          <div role="img" aria-label={props.summary} className="h-60 w-full min-w-0" dir="ltr">
            {props.chart}
          </div>
        )}
        <div id={tableId} className={cn(!showTable && 'sr-only')}>
          <ScrollRegion label={props.title}>
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{props.title}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-600">
                  {props.columns.map((column) => (
                    <th key={column} scope="col" className="px-2 py-1.5 text-start font-medium">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100">
                    {row.cells.map((cell, i) => (
                      <td key={props.columns[i]} className="px-2 py-1.5 whitespace-nowrap">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </div>
      </CardContent>
    </Card>
  );
}
