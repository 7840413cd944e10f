import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFLINE_MONEY_NOTE_ID } from '#web/components/ui/money-button.tsx';
import { formatInstant } from '#web/lib/format.ts';
import { useOnline } from '#web/lib/use-online.ts';

/** When the oldest data on screen was fetched (0: none): offline, that is what "as of" means. */
function oldestShownData(client: QueryClient): number {
  let oldest = 0;
  for (const query of client.getQueryCache().findAll({ type: 'active' })) {
    if (query.queryKey[0] === 'user') continue;
    const at = query.state.dataUpdatedAt;
    if (at > 0 && (oldest === 0 || at < oldest)) oldest = at;
  }
  return oldest;
}

function useOldestShownData(enabled: boolean) {
  const client = useQueryClient();
  return useSyncExternalStore(
    (listener) => (enabled ? client.getQueryCache().subscribe(listener) : () => {}),
    () => (enabled ? oldestShownData(client) : 0),
    () => 0,
  );
}

export function OfflineNotice() {
  const { t, i18n } = useTranslation('pwa');
  const online = useOnline();
  const asOf = useOldestShownData(!online);
  if (online) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 bg-amber-100 px-4 py-2 text-center text-sm text-amber-900"
      data-testid="offline-notice"
    >
      <WifiOff className="size-4 shrink-0" aria-hidden="true" />
      {asOf === 0 ? (
        t('offline')
      ) : (
        <>
          <span data-testid="offline-as-of">
            {t('offlineAsOf', { time: formatInstant(new Date(asOf).toISOString(), i18n.language) })}
          </span>
          <span id={OFFLINE_MONEY_NOTE_ID}>{t('moneyActionsOff')}</span>
        </>
      )}
    </div>
  );
}
