import { AlertCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main
      data-testid="not-found-page"
      className="flex min-h-screen items-center justify-center bg-slate-50 p-4"
    >
      <Card className="w-full max-w-md">
        <CardContent className="p-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="size-8 text-red-600" />
            <h1 className="text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
          </div>
          <p className="text-sm text-slate-600">{t('notFound.hint')}</p>
          <Button asChild className="mt-6">
            <Link href="/">{t('actions.backToHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
