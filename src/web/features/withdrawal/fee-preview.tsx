import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '#shared/money.ts';
import type { WalletView } from '#shared/schemas/withdrawals.ts';
import type { WithdrawalMethod } from '#shared/withdrawals.ts';
import { MoneyText } from '#web/components/ui/money-text.tsx';
import { withdrawalPreview } from './withdrawal-form-schema.ts';

/** The spec's fee preview: amount, fee, and the total deducted (amount plus fee), against what is available. */
export function FeePreview(props: { method: WithdrawalMethod | ''; amount: string; wallet?: WalletView }) {
  const { t } = useTranslation('withdrawal');
  const preview = props.method ? withdrawalPreview(props.method, props.amount) : null;
  if (!preview)
    return (
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600" data-testid="fee-preview">
        {props.method ? t('preview.enterAmount') : t('preview.chooseMethod')}
      </p>
    );
  const availableCents = props.wallet ? (parseAmount(props.wallet.available) ?? 0) : null;
  const tooMuch = availableCents !== null && preview.totalCents > availableCents;
  return (
    <div
      className="grid gap-2 rounded-xl bg-slate-50 p-4 text-sm"
      data-testid="fee-preview"
      aria-live="polite"
    >
      <dl className="grid gap-1.5">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('preview.amount')}</dt>
          <dd className="text-slate-900">
            <MoneyText amount={preview.amountCents} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">{t('preview.fee')}</dt>
          <dd className="text-slate-900" data-testid="preview-fee">
            <MoneyText amount={preview.feeCents} />
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-1.5 font-semibold">
          <dt className="text-slate-900">{t('preview.total')}</dt>
          <dd className="text-slate-900" data-testid="preview-total">
            <MoneyText amount={preview.totalCents} />
          </dd>
        </div>
        {availableCents !== null && !tooMuch && (
          <div className="flex justify-between gap-3 text-xs">
            <dt className="text-slate-600">{t('preview.availableAfter')}</dt>
            <dd className="text-slate-700">
              <MoneyText amount={availableCents - preview.totalCents} />
            </dd>
          </div>
        )}
      </dl>
      {tooMuch && (
        <p className="flex items-start gap-2 text-red-800" data-testid="preview-exceeds">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t('preview.exceeds')} <MoneyText amount={availableCents} className="font-semibold" />
          </span>
        </p>
      )}
    </div>
  );
}
