import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const SUPPORT_EMAIL = 'support@savecircle.app';

export function StartupFallback({ error }: { error: Error }) {
  const { t } = useTranslation();
  const steps = ['refresh', 'chrome', 'cache', 'update'] as const;
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <AlertTriangle className="size-8 text-amber-500" />
          <h1 className="text-xl font-bold">{t('startup.title')}</h1>
        </div>
        <p className="mt-3 text-slate-600">{t('startup.intro')}</p>
        <ol className="mt-4 list-decimal space-y-1 ps-6 text-slate-700">
          {steps.map((step) => (
            <li key={step}>{t(`startup.steps.${step}`)}</li>
          ))}
        </ol>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-5 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t('startup.reload')}
        </button>
        <details className="mt-5 text-sm text-slate-600">
          <summary className="cursor-pointer">{t('startup.technicalDetails')}</summary>
          <pre className="mt-2 overflow-auto rounded bg-slate-100 p-2 text-xs" dir="ltr">
            {`${error.name}: ${error.message}\n${navigator.userAgent}`}
          </pre>
        </details>
        <p className="mt-4 text-sm">
          <a className="text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
            {t('startup.contactSupport')}
          </a>
        </p>
      </div>
    </main>
  );
}
