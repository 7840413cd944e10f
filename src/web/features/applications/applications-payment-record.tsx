import { useTranslation } from 'react-i18next';
import type { PaymentRecord } from '#shared/schemas/applications.ts';

/** How the applicant has paid in their other circles, or that there is nothing to go on yet. */
export function ApplicationsPaymentRecord({ record }: { record: PaymentRecord }) {
  const { t } = useTranslation('applications');
  const payments = record.paidOnTime + record.paidLate + record.overdue;
  if (payments === 0)
    return <span className="text-slate-700">{t('record.none', { count: record.circles })}</span>;
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <span className="text-brand-800">{t('record.onTime', { count: record.paidOnTime })}</span>
      <span className={record.paidLate > 0 ? 'text-amber-800' : 'text-slate-700'}>
        {t('record.late', { count: record.paidLate })}
      </span>
      <span className={record.overdue > 0 ? 'font-medium text-red-800' : 'text-slate-700'}>
        {t('record.overdue', { count: record.overdue })}
      </span>
      <span className="text-slate-600">{t('record.circles', { count: record.circles })}</span>
    </span>
  );
}
