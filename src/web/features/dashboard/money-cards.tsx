import { ArrowDownToLine, CalendarClock, TriangleAlert, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { payoutFeeCents } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { toCents, useFormat } from '#web/lib/format.ts';
import type { DashboardData } from './types.ts';

/**
 * Why no turn is coming: a circle still filling up gives its rotation once full; otherwise the member
 * has had their turn in every circle that runs, or is in none.
 */
function noPayoutHint(groups: DashboardData['groups']) {
  if (groups.some((group) => group.status === 'recruiting')) return 'stats.nextPayoutNoneHint';
  if (groups.some((group) => group.status === 'active')) return 'stats.nextPayoutNoneReceived';
  return 'stats.nextPayoutNoneNoCircle';
}

/** Wallet balance and the user's next turn to receive a pool. */
export function MoneyCards({
  stats,
  groups,
}: {
  stats: DashboardData['stats'];
  groups: DashboardData['groups'];
}) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const next = stats.nextPayout;
  // What lands in the wallet: the pool less the payout fee (the pricing page's 2.9% + $0.30).
  const pool = next ? toCents(next.amount) : 0;
  const fee = next ? payoutFeeCents(pool) : 0;
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Card>
        <CardContent className="flex h-full flex-col gap-2 p-5">
          <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <Wallet className="size-4 text-brand-700" />
            {t('stats.wallet')}
          </h2>
          <p className="text-2xl font-bold text-slate-900">{format.money(stats.walletBalance)}</p>
          <p className="text-sm text-slate-600">{t('stats.walletHint')}</p>
          <p className="text-sm text-slate-600">
            {t('stats.totalReceived', { amount: format.money(stats.totalReceived) })}
          </p>
          <Button asChild variant="secondary" size="sm" className="mt-auto self-start">
            <Link href="/withdrawal">
              <ArrowDownToLine />
              {t('stats.withdraw')}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex h-full flex-col gap-2 p-5">
          <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600">
            <CalendarClock className="size-4 text-brand-700" />
            {t('stats.nextPayout')}
          </h2>
          {next ? (
            <>
              <p className="text-2xl font-bold text-slate-900">{format.money(pool - fee)}</p>
              <p className="text-sm text-slate-600">
                {t('stats.afterFee', { pool: format.money(pool), fee: format.money(fee) })}
              </p>
              <Link href={`/groups/${next.groupId}`} className="font-medium text-brand-700 hover:underline">
                {next.groupName}
              </Link>
              <p className="text-sm text-slate-600">{t('stats.position', { position: next.position })}</p>
              <p className="text-sm text-slate-600">
                {t('stats.currentCycle', { cycle: next.currentCycle })}
              </p>
            </>
          ) : (
            <>
              <p className="text-lg font-semibold text-slate-900">{t('stats.nextPayoutNone')}</p>
              <p className="text-sm text-slate-600">{t(noPayoutHint(groups))}</p>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function OverdueAlert({ count }: { count: number }) {
  const { t } = useTranslation('dashboard');
  if (count <= 0) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
    >
      <TriangleAlert className="size-5 shrink-0" />
      {t('stats.overdue', { count })}
    </p>
  );
}
