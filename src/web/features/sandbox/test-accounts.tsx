import { useTranslation } from 'react-i18next';
import { SANDBOX_TEST_ACCOUNTS, SANDBOX_TEST_ROUTING_NUMBER } from '#shared/bank.ts';
import { Button } from '#web/components/ui/button.tsx';

/** The documented test numbers, like a card network's test cards; "Use" fills them in. */
export function TestAccounts({ onUse }: { onUse: (accountNumber: string, routingNumber: string) => void }) {
  const { t } = useTranslation('bankAccount');
  return (
    <section aria-labelledby="sandbox-test-accounts" className="grid gap-3 rounded-xl bg-slate-50 p-4">
      <h2 id="sandbox-test-accounts" className="font-semibold text-slate-900">
        {t('sandbox.testAccounts.title')}
      </h2>
      <p className="text-sm text-slate-700">
        {t('sandbox.testAccounts.routing', { routing: SANDBOX_TEST_ROUTING_NUMBER })}
      </p>
      <p className="text-sm text-slate-700">{t('sandbox.testAccounts.intro')}</p>
      <ul className="divide-y divide-slate-200">
        {SANDBOX_TEST_ACCOUNTS.map(({ accountNumber, behaviour }) => (
          <li key={accountNumber} className="flex items-center gap-3 py-2">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-mono text-sm text-slate-900">{accountNumber}</span>
              <span className="text-sm text-slate-700">{t(`sandbox.testAccounts.${behaviour}`)}</span>
            </div>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              aria-label={t('sandbox.testAccounts.useLabel', { number: accountNumber })}
              onClick={() => onUse(accountNumber, SANDBOX_TEST_ROUTING_NUMBER)}
            >
              {t('sandbox.testAccounts.use')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
