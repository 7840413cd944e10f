import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toasts } from '#web/components/ui/toasts.tsx';
import { InstallCard } from '#web/features/pwa/install-card.tsx';
import { OfflineNotice } from '#web/features/pwa/offline-notice.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { AppRoutes } from './routes.tsx';

/** The browser's one query cache, unless the server draws a page with a cache of its own. */
export function App(props: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={props.queryClient ?? queryClient}>
      <OfflineNotice />
      <AppRoutes />
      <InstallCard />
      <Toasts />
    </QueryClientProvider>
  );
}
