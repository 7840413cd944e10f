import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

/**
 * Download everything SaveCircle holds about me (JSON) and my money history (CSV), and delete my
 * account. The downloads are plain links: the session cookie goes with them and the server names the file.
 */
export function MyDataSection() {
  const { t } = useTranslation('accountData');
  const [deleting, setDeleting] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('myData.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('myData.intro')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <a href="/api/account/export" download>
              <Download aria-hidden />
              {t('myData.downloadJson')}
            </a>
          </Button>
          <Button asChild variant="secondary">
            <a href="/api/account/export.csv" download>
              <Download aria-hidden />
              {t('myData.downloadCsv')}
            </a>
          </Button>
        </div>
        <section aria-labelledby="delete-account-heading" className="rounded-lg border border-red-200 p-4">
          <h3 id="delete-account-heading" className="font-semibold text-red-800">
            {t('delete.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-700">{t('delete.summary')}</p>
          <Button type="button" variant="destructive" className="mt-3" onClick={() => setDeleting(true)}>
            {t('delete.open')}
          </Button>
        </section>
      </CardContent>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </Card>
  );
}
