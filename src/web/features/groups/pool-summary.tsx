import { Coins } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { parseAmount, payoutFeeCents } from '#shared/money.ts';
import { useFormat } from '#web/lib/format.ts';

/** What one payout of the circle being created comes to, from the amount typed so far. */
export function PoolSummary({ amount, memberLimit }: { amount: string; memberLimit: number }) {
  const { t } = useTranslation('groups');
  const format = useFormat();
  const cents = parseAmount(amount.trim());
  if (cents === null || cents < 100 || !Number.isInteger(memberLimit)) return null;
  const pool = cents * memberLimit;
  return (
    <p
      className="flex items-start gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900"
      aria-live="polite"
    >
      <Coins className="mt-0.5 size-4 shrink-0" />
      {t('create.summary', { pool: format.money(pool), fee: format.money(payoutFeeCents(pool)) })}
    </p>
  );
}
