import { CheckCircle2, Dices, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { canVerifyInBrowser, checkDraw, type DrawCheck } from './draw-verification.ts';

function Fingerprint({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-slate-600">{label}</span>
      <code
        dir="ltr"
        className="rounded-md bg-white px-2 py-1.5 font-mono text-xs break-all text-slate-800 ring-1 ring-slate-200"
        data-testid={testId}
      >
        {value}
      </code>
    </div>
  );
}

/** What each member's sort key hashes; the same text in every language. */
const KEY_FORMULA = '<seed>:<userId>';

/** The verifiable random draw: the published hash, and once the group is full the seed and how to check it. */
export function DrawFairness({ detail }: { detail: GroupDetail }) {
  const { t } = useTranslation('groupPage');
  const { group, members } = detail;
  const [result, setResult] = useState<DrawCheck | 'running' | 'unavailable' | null>(null);
  const ordered = [...members].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

  const verify = async () => {
    if (!group.seed || !group.seedHash) return;
    if (!canVerifyInBrowser()) return setResult('unavailable');
    setResult('running');
    setResult(await checkDraw(group.seed, group.seedHash, members));
  };

  return (
    <section
      aria-labelledby="draw-title"
      className="mt-5 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id="draw-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Dices aria-hidden className="size-4 text-brand-700" />
        {t('draw.title')}
      </h2>
      <p className="text-sm text-slate-700">{group.seed ? t('draw.revealedIntro') : t('draw.sealedIntro')}</p>
      <Fingerprint label={t('draw.seedHash')} value={group.seedHash ?? ''} testId="seed-hash" />
      {group.seed && <Fingerprint label={t('draw.seed')} value={group.seed} testId="seed" />}
      {group.seed && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer rounded font-medium text-brand-800">
            {t('draw.howToVerify')}
          </summary>
          <ol className="mt-2 grid list-decimal gap-1 ps-5">
            <li>{t('draw.stepHash')}</li>
            <li>
              {t('draw.stepKeys')}{' '}
              <code dir="ltr" className="rounded bg-white px-1 font-mono text-xs ring-1 ring-slate-200">
                {KEY_FORMULA}
              </code>
            </li>
            <li>{t('draw.stepSort')}</li>
          </ol>
          <p className="mt-3 font-medium text-slate-800">{t('draw.memberIds')}</p>
          <ul className="mt-1 grid gap-0.5">
            {ordered.map((m) => (
              <li key={m.id}>
                {t('draw.memberId', { position: m.position ?? '?', name: m.user.fullName, id: m.userId })}
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void verify()}
              disabled={result === 'running'}
            >
              {t('draw.verify')}
            </Button>
            <div role="status" className="text-sm">
              {result === 'unavailable' && <span>{t('draw.unavailable')}</span>}
              {result && typeof result === 'object' && <DrawResult result={result} />}
            </div>
          </div>
        </details>
      )}
    </section>
  );
}

function DrawResult({ result }: { result: DrawCheck }) {
  const { t } = useTranslation('groupPage');
  if (result.hashMatches && result.orderMatches)
    return (
      <span className="flex items-center gap-1.5 font-medium text-green-800">
        <CheckCircle2 aria-hidden className="size-4 shrink-0" />
        {t('draw.verified')}
      </span>
    );
  return (
    <span className="flex items-center gap-1.5 font-medium text-red-700">
      <XCircle aria-hidden className="size-4 shrink-0" />
      {result.hashMatches ? t('draw.orderMismatch') : t('draw.hashMismatch')}
    </span>
  );
}
