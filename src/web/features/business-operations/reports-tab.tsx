import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input, Label } from '#web/components/ui/input.tsx';
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
 * The reports tab's sections, in order. A new report (e.g. a funnel) is one more entry here,
 * with its block added to the server's CSV (features/business-operations/operations-csv.ts).
 */
const reportSections: { id: string; Section: () => ReactNode }[] = [
  { id: 'statement', Section: MonthlyStatement },
];

export function ReportsTab() {
  return (
    <div className="grid gap-4" data-testid="reports-tab">
      {reportSections.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </div>
  );
}
