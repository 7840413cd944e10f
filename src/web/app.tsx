import { QueryClientProvider } from '@tanstack/react-query';
import { Toasts } from '#web/components/ui/toasts.tsx';
import { InstallCard } from '#web/features/pwa/install-card.tsx';
import { OfflineNotice } from '#web/features/pwa/offline-notice.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineNotice />
      <AppRoutes />
      <InstallCard />
      <Toasts />
    </QueryClientProvider>
  );
}
