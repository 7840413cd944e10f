import { useTranslation } from 'react-i18next';
import { verificationChecks } from '#shared/verification.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupVerification } from './queries.ts';
import { CheckStatusBadge } from './status-badges.tsx';

type Overview = NonNullable<GroupVerification['adminOverview']>;

/** Admins only: each member's four checks, wrapping to a grid on a phone. */
export function AdminOverview({ rows }: { rows: Overview }) {
  const { t } = useTranslation('verification');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('admin.description')}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="admin-overview">
          {rows.map((row) => (
            <li key={row.userId} className="grid gap-2 rounded-xl border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium break-words text-slate-900">{row.fullName}</span>
                <span className="text-sm text-slate-600">
                  {t('admin.overall', { score: format.number(row.overallScore) })}
                </span>
              </div>
              <dl className="grid grid-cols-2 gap-2 md:grid-cols-4">
                {verificationChecks.map((check) => (
                  <div key={check} className="grid gap-1">
                    <dt className="text-xs text-slate-600">{t(`checks.${check}`)}</dt>
                    <dd>
                      <CheckStatusBadge status={row[check]} />
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
