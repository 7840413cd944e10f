import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import { Card, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { methodIcons } from './method-picker.tsx';
import { useMethodText } from './method-text.ts';

/**
 * The spec's comparison of the methods on offer, every figure from withdrawalRules: a table where
 * there is room, one short list per method on a phone (four columns would not fit without sideways
 * scrolling).
 */
export function MethodsTable({ methods }: { methods: readonly WithdrawalMethod[] }) {
  const { t } = useTranslation('withdrawal');
  const text = useMethodText();
  const columns = [
    { key: 'fee', label: t('compare.fee') },
    { key: 'speed', label: t('compare.speed') },
    { key: 'range', label: t('compare.limits') },
  ] as const;
  return (
    <Card data-testid="methods-compared">
      <CardHeader>
        <CardTitle id="methods-table-title">{t('compare.title')}</CardTitle>
      </CardHeader>
      <div className="px-5 pb-5">
        <table className="hidden w-full text-sm sm:table" aria-labelledby="methods-table-title">
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600">
              <th scope="col" className="p-2 text-start font-medium">
                {t('compare.method')}
              </th>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="p-2 text-start font-medium">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {methods.map((method) => {
              const about = text(method);
              const Icon = methodIcons[method];
              return (
                <tr key={method} className="align-top">
                  <th scope="row" className="p-2 text-start font-medium text-slate-900">
                    <span className="flex items-center gap-2">
                      <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
                      {about.name}
                    </span>
                  </th>
                  {columns.map((column) => (
                    <td key={column.key} className="p-2 text-slate-700 tabular-nums">
                      {about[column.key]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <ul className="grid gap-3 sm:hidden">
          {methods.map((method) => {
            const about = text(method);
            const Icon = methodIcons[method];
            return (
              <li key={method} className="rounded-xl border border-slate-200 p-3 text-sm">
                <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                  <Icon className="size-4 shrink-0 text-brand-700" aria-hidden />
                  {about.name}
                </h3>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                  {columns.map((column) => (
                    <div key={column.key} className="contents">
                      <dt className="text-slate-600">{column.label}</dt>
                      <dd className="text-slate-800 tabular-nums">{about[column.key]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      </div>
    </Card>
  );
}
