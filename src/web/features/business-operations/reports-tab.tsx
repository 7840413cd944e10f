import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperationsPeriod } from '#shared/schemas/business-operations.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
import { FunnelPanel } from '#web/features/product-events/funnel-panel.tsx';
import { statementUrl } from './operations-requests.ts';

/** The month before the current one ('YYYY-MM', UTC): the latest whole month. */
function lastWholeMonth(now = new Date()) {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
}

/** The monthly statement: the page's figures over one calendar month, as a CSV download. */
function MonthlyStatement() {
  const { t } = useTranslation('businessOperations');
  const monthId = useId();
  const [month, setMonth] = useState(lastWholeMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('reports.statementTitle')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-slate-600">{t('reports.statementBody')}</p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={monthId}>{t('reports.month')}</Label>
            <Input
              id={monthId}
              type="month"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            />
          </div>
          {valid ? (
            <Button asChild variant="secondary">
              <a href={statementUrl(month)} download data-testid="statement-download">
                <Download aria-hidden className="size-4" />
                {t('reports.download')}
              </a>
            </Button>
          ) : (
            <Button variant="secondary" disabled>
              <Download aria-hidden className="size-4" />
              {t('reports.download')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The reports tab's sections, in order: the monthly statement (a calendar month) and the product
 * funnel (the page's period). A new report is one more entry here, with its tables added to the
 * page's export (features/business-operations/routes.ts).
 */
const reportSections: { id: string; Section: (props: { period: OperationsPeriod }) => ReactNode }[] = [
  { id: 'statement', Section: MonthlyStatement },
  { id: 'funnel', Section: FunnelPanel },
];

export function ReportsTab({ period }: { period: OperationsPeriod }) {
  return (
    <div className="grid grid-cols-1 gap-4" data-testid="reports-tab">
      {reportSections.map(({ id, Section }) => (
        <Section key={id} period={period} />
      ))}
    </div>
  );
}
