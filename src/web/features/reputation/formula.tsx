import { useTranslation } from 'react-i18next';
import { REPUTATION_POINTS } from '#shared/reputation.ts';
import { useFormat } from '#web/lib/format.ts';
import type { MemberReputation } from './queries.ts';

type Factor = MemberReputation['formula']['trust']['factors'][number];

/** "Why is this 72?": the trust score's parts, the warnings' points, and the total. */
export function ReputationParts({ member }: { member: MemberReputation }) {
  const { t, i18n } = useTranslation('reputation');
  const format = useFormat();
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  const { trust } = member.formula;
  const record = trust.paymentRecord;
  const text = (factor: Factor) => {
    switch (factor.key) {
      case 'on_time':
        return record.onTimeRate === null
          ? t('parts.onTimeNone')
          : t('parts.onTime', { onTime: record.onTime, counted: record.counted, rate: record.onTimeRate });
      case 'late':
        return t('parts.late', { count: record.late });
      case 'missed':
        return t('parts.missed', { count: record.missed });
      case 'verification':
        return t('parts.verification');
      case 'peer_ratings':
        return trust.peerRatings.average === null
          ? t('parts.ratingsNone')
          : t('parts.ratings', {
              count: trust.peerRatings.count,
              average: format.number(trust.peerRatings.average),
            });
    }
  };
  const rows = [
    ...trust.factors.map((f) => ({ key: f.key, label: text(f), points: f.points })),
    {
      key: 'warnings',
      label: t('parts.warnings', { count: member.warnings }),
      points: member.formula.warningPoints,
    },
  ];
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
      {rows.map((row) => (
        <li key={row.key} className="flex items-start justify-between gap-3 px-3 py-2">
          <span className="min-w-0 break-words text-slate-700">{row.label}</span>
          <span
            className={row.points < 0 ? 'shrink-0 font-semibold text-red-700' : 'shrink-0 font-semibold'}
            data-testid={`part-${row.key}`}
          >
            {signed.format(row.points)}
          </span>
        </li>
      ))}
      <li className="flex items-center justify-between gap-3 bg-slate-50 px-3 py-2 font-semibold">
        <span>{t('parts.total')}</span>
        <span data-testid="part-total">{format.number(member.reputationScore)}</span>
      </li>
    </ul>
  );
}

/** The formula in words, once for the whole tab. */
export function FormulaNote() {
  const { t } = useTranslation('reputation');
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-900">{t('formula.title')}</summary>
      <div className="mt-2 grid gap-2">
        <p>
          {t('formula.reputation', {
            perWarning: REPUTATION_POINTS.perWarning,
            cap: REPUTATION_POINTS.warningCap,
          })}
        </p>
        <p>{t('formula.trust')}</p>
        <p>{t('formula.ratings')}</p>
        <p>{t('formula.levels')}</p>
        <p>{t('formula.risk')}</p>
        <p>{t('formula.onTime')}</p>
      </div>
    </details>
  );
}
