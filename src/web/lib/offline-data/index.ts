import type { QueryClient } from '@tanstack/react-query';
import { offlineDataOwner } from './owner.ts';

/**
 * The main bundle's side of offline data (issue 17): a few lines that load the IndexedDB code
 * (./saved-queries.ts) only once a user is signed in, or when there is saved data to restore or forget.
 */
const savedQueries = () => import('./saved-queries.ts');
let requested = false;

/**
 * Saves the signed-in user's queries as they change, forgets them when the user query turns to
 * "signed out" (logout, or a 401 on `/api/user`), and fetches everything afresh when the connection
 * comes back (what is shown is as old as the outage, or came from disk).
 */
export function keepOfflineData(queryClient: QueryClient) {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== 'user')
      return;
    const user = event.query.state.data as { id: number } | null | undefined;
    if (user) {
      requested = true;
      void savedQueries()
        .then((saved) => saved.keepSaving(queryClient, user.id))
        .catch((error) => console.error('offline data unavailable', error));
    } else void forgetOfflineData();
  });
  window.addEventListener('online', () => void queryClient.invalidateQueries());
}

/** Deletes every saved user's data: on sign-out and when the server says the session is gone. */
export async function forgetOfflineData() {
  if (!requested && offlineDataOwner() === null) return;
  requested = false;
  try {
    await (await savedQueries()).forgetSaved();
  } catch (error) {
    console.error('offline data not forgotten', error);
  }
}

/**
 * With no connection: puts the last signed-in user's saved queries back and returns that user, so the
 * app shows their last data instead of the sign-in form; null when nothing usable is saved.
 */
export async function restoreOfflineData(queryClient: QueryClient): Promise<unknown> {
  const owner = offlineDataOwner();
  if (owner === null) return null;
  try {
    return await (await savedQueries()).restoreSaved(queryClient, owner);
  } catch (error) {
    console.error('offline data not restored', error);
    return null;
  }
}
