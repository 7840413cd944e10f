import { useTranslation } from 'react-i18next';
import { SANDBOX_TEST_DOCUMENTS } from '#shared/identity.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The documented test document numbers, like a card network's test cards; "Use" fills one in. */
export function TestDocuments({ onUse }: { onUse: (documentNumber: string) => void }) {
  const { t } = useTranslation('verification');
  return (
    <section aria-labelledby="sandbox-test-documents" className="grid gap-3 rounded-xl bg-slate-50 p-4">
      <h2 id="sandbox-test-documents" className="font-semibold text-slate-900">
        {t('sandboxIdentity.testDocuments.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('sandboxIdentity.testDocuments.intro')}</p>
      <ul className="divide-y divide-slate-200">
        {SANDBOX_TEST_DOCUMENTS.map(({ documentNumber, behaviour }) => (
          <li key={documentNumber} className="flex items-center gap-3 py-2">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-mono text-sm text-slate-900" dir="ltr">
                {documentNumber}
              </span>
              <span className="text-sm text-slate-700">
                {t(`sandboxIdentity.testDocuments.${behaviour}`)}
              </span>
            </div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={t('sandboxIdentity.testDocuments.useLabel', { number: documentNumber })}
              onClick={() => onUse(documentNumber)}
            >
              {t('sandboxIdentity.testDocuments.use')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
