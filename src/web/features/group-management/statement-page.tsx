import { useQuery } from '@tanstack/react-query';
import { Download, Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { CircleStatement } from '#shared/schemas/management.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ScrollRegion } from '#web/components/ui/scroll-region.tsx';
import { TabLoadFailed, TabSkeleton } from '#web/components/ui/tab-states.tsx';
import { useFormat } from '#web/lib/format.ts';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { managementQueries, statementCsvUrl } from './management-queries.ts';

/** /groups/:id/statement (admins): the circle statement to read, print or download as CSV. */
export default function StatementPage() {
  const { t } = useTranslation('groupManagement');
  const errorText = useErrorText();
  const groupId = Number(useParams<{ id: string }>().id);
  const statement = useQuery({
    ...managementQueries.statement(groupId),
    enabled: Number.isSafeInteger(groupId),
  });
  if (statement.isPending) return <TabSkeleton label={t('loading')} cards={3} />;
  if (statement.isError)
    return (
      <TabLoadFailed
        message={t('statement.loadFailed')}
        detail={errorText(statement.error, 'groupManagement:statement.loadFailed')}
        onRetry={() => void statement.refetch()}
        retrying={statement.isFetching}
      />
    );
  return <Statement s={statement.data} />;
}

function Statement({ s }: { s: CircleStatement }) {
  const { t } = useTranslation('groupManagement');
  const format = useFormat();
  const money = (cents: number) => format.money(cents);
  const tt = s.totals;
  return (
    <article className="grid grid-cols-1 gap-8 print:gap-4 print:text-xs" data-testid="statement">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">
            {t('statement.title', { name: s.group.name })}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('statement.generated', { date: format.instant(s.generatedAt) })} ·{' '}
            {t('statement.cycleOf', {
              current: format.number(s.group.currentCycle),
              total: format.number(s.group.totalCycles),
            })}{' '}
            · {t('statement.contribution', { amount: money(s.group.contributionCents) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button onClick={() => window.print()} data-testid="print-statement">
            <Printer aria-hidden />
            {t('statement.print')}
          </Button>
          <Button asChild variant="secondary">
            <a href={statementCsvUrl(s.group.id)} download>
              <Download aria-hidden />
              {t('statement.csv')}
            </a>
          </Button>
          <Button asChild variant="ghost">
            <Link href={`/group-management?group=${s.group.id}`}>{t('statement.back')}</Link>
          </Button>
        </div>
      </header>

      <Section title={t('statement.totals')}>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {(
            [
              ['contributionsPaid', tt.contributionsPaidCents],
              ['payouts', tt.payoutsCents],
              ['fees', tt.feesCents],
              ['penaltiesPaid', tt.penaltiesPaidCents],
              ['penaltiesOwed', tt.penaltiesOwedCents],
              ['penaltiesWaived', tt.penaltiesWaivedCents],
              ['reserveCover', tt.reserveCoverCents],
              ['reserveBalance', tt.reserveBalanceCents],
              ['escrowHeld', tt.escrowHeldCents],
            ] as const
          ).map(([key, cents]) => (
            <div key={key} className="min-w-0 rounded-lg border border-slate-200 p-3">
              <dt className="text-xs text-slate-600">{t(`statement.total.${key}`)}</dt>
              <dd className="font-semibold text-slate-900" data-testid={`statement-total-${key}`}>
                {money(cents)}
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section title={t('statement.members')}>
        <Table
          label={t('statement.members')}
          head={['name', 'paid', 'late', 'missed', 'paidAmount', 'penaltiesOwed', 'received'].map((k) =>
            t(`statement.col.${k}`),
          )}
          rows={s.members.map((m) => [
            <bdi key="n">{m.name}</bdi>,
            format.number(m.paid),
            format.number(m.late),
            format.number(m.missed),
            money(m.paidCents),
            money(m.penaltiesOwedCents),
            money(m.receivedCents),
          ])}
          empty={t('statement.none')}
        />
      </Section>

      <Section title={t('statement.cycles')}>
        <Table
          label={t('statement.cycles')}
          head={[
            'cycle',
            'recipient',
            'paidCount',
            'paidAmount',
            'penalties',
            'payout',
            'fee',
            'reserveCover',
          ].map((k) => t(`statement.col.${k}`))}
          rows={s.cycles.map((c) => [
            format.number(c.cycle),
            c.recipientName ? <bdi key="r">{c.recipientName}</bdi> : '—',
            t('statement.paidOf', {
              paid: format.number(c.paidCount),
              late: format.number(c.lateCount),
              missed: format.number(c.missedCount),
            }),
            money(c.paidCents),
            money(c.penaltiesCents),
            money(c.payoutCents),
            money(c.feeCents),
            money(c.reserveCoverCents),
          ])}
          empty={t('statement.none')}
        />
      </Section>

      <Section title={t('statement.payouts')}>
        <Table
          label={t('statement.payouts')}
          head={['cycle', 'recipient', 'pool', 'fee', 'amount', 'reserveCover', 'date'].map((k) =>
            t(`statement.col.${k}`),
          )}
          rows={s.payouts.map((p) => [
            format.number(p.cycle),
            <bdi key="r">{p.recipientName}</bdi>,
            money(p.poolCents),
            money(p.feeCents),
            money(p.amountCents),
            money(p.reserveCoverCents),
            p.paidAt ? format.instantDay(p.paidAt) : '—',
          ])}
          empty={t('statement.none')}
        />
      </Section>

      <Section title={t('statement.penalties')}>
        <Table
          label={t('statement.penalties')}
          head={['cycle', 'name', 'amount', 'status'].map((k) => t(`statement.col.${k}`))}
          rows={s.penalties.map((p) => [
            format.number(p.cycle),
            <bdi key="n">{p.name}</bdi>,
            money(p.amountCents),
            t(`statement.penaltyStatus.${p.status}`),
          ])}
          empty={t('statement.none')}
        />
      </Section>

      <Section title={t('statement.reserve', { balance: money(s.reserve.balanceCents) })}>
        <Table
          label={t('statement.reserve', { balance: money(s.reserve.balanceCents) })}
          head={['date', 'movement', 'name', 'amount', 'balance'].map((k) => t(`statement.col.${k}`))}
          rows={s.reserve.movements.map((m) => [
            format.instantDay(m.at),
            t(`statement.kind.${m.kind}`, { defaultValue: m.kind }),
            m.name ? <bdi key="n">{m.name}</bdi> : '—',
            money(m.amountCents),
            money(m.balanceAfterCents),
          ])}
          empty={t('statement.none')}
        />
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-3 break-inside-avoid-page">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A plain table that scrolls sideways on a phone and prints in full. */
function Table(props: { label: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  const { head, rows, empty } = props;
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ScrollRegion label={props.label} className="-mx-4 px-4 sm:mx-0 sm:px-0 print:overflow-visible">
      <table className="w-full min-w-max border-collapse text-sm print:min-w-0">
        <thead>
          <tr className="border-b border-slate-300">
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5 text-start font-medium text-slate-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b border-slate-100">
              {cells.map((cell, j) => (
                <td key={j} className="px-2 py-1.5 text-start break-words text-slate-900">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
