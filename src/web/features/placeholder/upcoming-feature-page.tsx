import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';

/** Honest stand-in for signed-in pages whose features land in the next issues. */
export default function UpcomingFeaturePage() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardContent className="flex flex-col items-center gap-3 p-10">
        <Construction className="size-10 text-amber-500" />
        <h1 className="text-xl font-semibold">{t('upcoming.title')}</h1>
        <p className="text-slate-600">{t('upcoming.body')}</p>
        <Button asChild variant="secondary">
          <Link href="/dashboard">{t('actions.backToDashboard')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
