import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { useFormat } from '#web/lib/format.ts';
import type { GroupVerification } from './queries.ts';
import { TrustLevelBadge } from './status-badges.tsx';
import { TrustExplanation } from './trust-explanation.tsx';

/** Every member's trust score; each opens to show why (a native disclosure: keyboard and screen readers work). */
export function MembersTrust({ data, viewerId }: { data: GroupVerification; viewerId: number }) {
  const { t } = useTranslation('verification');
  const format = useFormat();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('members.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('members.description')}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="members-trust">
          {data.members.map((member) => (
            <li key={member.userId} className="rounded-xl border border-slate-200">
              <details className="group">
                <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-xl px-3 py-2 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
                  <span className="min-w-40 flex-1 font-medium break-words text-slate-900">
                    {member.userId === viewerId
                      ? t('members.you', { name: member.fullName })
                      : member.fullName}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t('members.verification', { score: format.number(member.overallScore) })}
                  </span>
                  <TrustLevelBadge level={member.explanation.level} />
                  <span
                    className="font-semibold tabular-nums text-slate-900"
                    data-testid="member-trust-score"
                  >
                    {t('members.score', { score: format.number(member.trustScore) })}
                  </span>
                  <ChevronDown
                    aria-hidden
                    className="size-4 text-slate-500 transition-transform group-open:rotate-180"
                  />
                  <span className="sr-only">{t('members.why')}</span>
                </summary>
                <TrustExplanation
                  explanation={member.explanation}
                  overallScore={member.overallScore}
                  className="px-3 pb-3"
                />
              </details>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
