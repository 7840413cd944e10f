import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { productEvent } from '#web/lib/product-event.ts';
import { CreateGroupForm } from './create-group-form.tsx';
import { CreateGroupSuccess } from './create-group-success.tsx';
import type { CreatedGroup } from './types.ts';

/**
 * Opening this page is where a member begins setting up a circle: the begin_onboarding event
 * (decision 0036), once per visit (the ref keeps React's development double-run from counting twice).
 */
export default function CreateGroupPage() {
  const { t } = useTranslation('groups');
  const [created, setCreated] = useState<CreatedGroup | null>(null);
  const counted = useRef(false);
  useEffect(() => {
    if (counted.current) return;
    counted.current = true;
    productEvent('begin_onboarding');
  }, []);
  return (
    <div className="mx-auto grid grid-cols-1 max-w-2xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('create.title')}</h1>
        <p className="mt-1 text-slate-600">{t('create.subtitle')}</p>
      </div>
      <Card>
        <CardContent className="p-5 sm:p-6">
          {created ? <CreateGroupSuccess group={created} /> : <CreateGroupForm onCreated={setCreated} />}
        </CardContent>
      </Card>
    </div>
  );
}
