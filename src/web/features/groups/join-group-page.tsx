import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useErrorText } from '#web/lib/use-error-text.ts';
import { InviteResult } from './invite-result.tsx';
import { PendingRequests } from './pending-requests.tsx';
import { groupQueries, INVITE_LOOKUP_MIN_LENGTH } from './queries.ts';

const normalise = (code: string) => code.replace(/\s+/g, '').toUpperCase();

export default function JoinGroupPage() {
  const { t } = useTranslation('groups');
  const errorText = useErrorText();
  // An invite link may carry the code: /join-group?code=ABCD2345.
  const linked = normalise(new URLSearchParams(useSearch()).get('code') ?? '');
  const [input, setInput] = useState(linked);
  const [code, setCode] = useState(linked.length >= INVITE_LOOKUP_MIN_LENGTH ? linked : '');
  const [problem, setProblem] = useState<string>();
  const lookup = useQuery(groupQueries.invite(code));

  const find = (event: FormEvent) => {
    event.preventDefault();
    const next = normalise(input);
    if (!next) return setProblem('inviteCodeRequired');
    if (next.length < INVITE_LOOKUP_MIN_LENGTH) return setProblem('groups:join.codeTooShort');
    setProblem(undefined);
    if (next === code) void lookup.refetch();
    else setCode(next);
  };

  return (
    <div className="mx-auto grid grid-cols-1 max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('join.title')}</h1>
        <p className="mt-1 text-slate-600">{t('join.subtitle')}</p>
      </div>
      <Card>
        <CardContent className="p-5 sm:p-6">
          <form noValidate onSubmit={find} className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <Field
                id="invite-code"
                label={t('join.code')}
                error={problem ? { type: 'manual', message: problem } : undefined}
              >
                <Input
                  id="invite-code"
                  value={input}
                  onChange={(e) => setInput(normalise(e.target.value))}
                  placeholder={t('join.codePlaceholder')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={32}
                  className="font-mono tracking-widest uppercase"
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? 'invite-code-error' : undefined}
                />
              </Field>
            </div>
            <Button type="submit" className="sm:mt-6.5" disabled={lookup.isFetching}>
              <Search />
              {lookup.isFetching ? t('join.finding') : t('join.find')}
            </Button>
          </form>
        </CardContent>
      </Card>

      {code && lookup.isPending && lookup.isFetching && <Skeleton className="h-64 rounded-2xl" />}
      {lookup.isError && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {errorText(lookup.error, 'groups:join.lookupFailed')}
        </p>
      )}
      {lookup.data && <InviteResult lookup={lookup.data} inviteCode={code} />}
      <PendingRequests exceptGroupId={lookup.data?.group.id} />
    </div>
  );
}
