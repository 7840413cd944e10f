import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn.ts';
import type { TrustExplanation as Explanation } from './queries.ts';

type Factor = Explanation['factors'][number];

function useFactorText() {
  const { t, i18n } = useTranslation('verification');
  return (factor: Factor, explanation: Explanation, overallScore: number) => {
    const record = explanation.paymentRecord;
    switch (factor.key) {
      case 'on_time':
        return record.onTimeRate === null
          ? t('explanation.onTimeNone')
          : t('explanation.onTime', {
              onTime: record.onTime,
              counted: record.counted,
              rate: record.onTimeRate,
            });
      case 'late':
        return t('explanation.late', { count: record.late });
      case 'missed':
        return t('explanation.missed', { count: record.missed });
      case 'verification':
        return t('explanation.verification', { score: overallScore });
      case 'peer_ratings':
        return explanation.peerRatings.average === null
          ? t('explanation.ratingsNone')
          : t('explanation.ratings', {
              count: explanation.peerRatings.count,
              average: new Intl.NumberFormat(i18n.language).format(explanation.peerRatings.average),
            });
    }
  };
}

/** The factors behind a trust score, with their points, so anyone can see why it is what it is. */
export function TrustExplanation(props: {
  explanation: Explanation;
  overallScore: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation('verification');
  const text = useFactorText();
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(i18n.language);
  const { explanation } = props;
  return (
    <div className={cn('grid gap-3', props.className)}>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {explanation.factors.map((factor) => (
          <li key={factor.key} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
            <span className="text-slate-700">{text(factor, explanation, props.overallScore)}</span>
            <span
              className={cn(
                'shrink-0 font-semibold tabular-nums',
                factor.points < 0 ? 'text-red-700' : 'text-slate-900',
              )}
              data-testid={`factor-${factor.key}`}
            >
              {factor.maxPoints > 0
                ? t('explanation.pointsOf', {
                    points: signed.format(factor.points),
                    max: plain.format(factor.maxPoints),
                  })
                : signed.format(factor.points)}
            </span>
          </li>
        ))}
        <li className="flex items-center justify-between gap-3 bg-slate-50 px-3 py-2 text-sm font-semibold">
          <span className="text-slate-900">{t('explanation.total')}</span>
          <span className="tabular-nums text-slate-900">
            {t('explanation.pointsOf', { points: plain.format(explanation.score), max: plain.format(100) })}
          </span>
        </li>
      </ul>
      <p className="text-xs text-slate-600">{t('explanation.formula')}</p>
      <p className="text-xs text-slate-600">{t('explanation.ratingsFormula')}</p>
    </div>
  );
}
