import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { clear, createStore, get, set } from 'idb-keyval';
import { offlineDataOwner, setOfflineDataOwner } from './owner.ts';

/**
 * The signed-in user's query cache, kept in IndexedDB so an offline reload shows the last data seen
 * (issue 17). Loaded only once someone is signed in (see ./index.ts), never for a visitor.
 *
 * - One entry per user (`queries:<id>`); saving for a user wipes every other user's entry first, so
 *   whoever signs in next on this browser never sees the previous one's data.
 * - Only successful queries are kept (a failure is no "last data seen").
 * - Data older than MAX_AGE is dropped on restore: a week covers a trip or a weekend without a
 *   connection, while a balance or a schedule older than that misleads more than it helps; online, the
 *   app fetches fresh data anyway.
 * - A cache written by another build of the app is dropped: the shapes of the data may have changed.
 */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 300;
const store = createStore('savecircle-offline', 'query-cache');
const entryKey = (userId: number) => `queries:${userId}`;

type SavedCache = { userId: number; build: string; savedAt: number; state: DehydratedState };

/** The running build: the entry script's address carries its content hash. */
function buildId() {
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? 'dev';
}

async function usableEntry(userId: number) {
  const entry = await get<SavedCache>(entryKey(userId), store);
  return entry && entry.userId === userId && entry.build === buildId() ? entry : null;
}

let saving: { userId: number; stop: () => void } | null = null;

/** Keeps `userId`'s successful queries saved as they change; idempotent for the same user. */
export async function keepSaving(queryClient: QueryClient, userId: number) {
  if (saving?.userId === userId) return;
  saving?.stop();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // Queries of pages seen earlier (another load of the app) stay saved beside those of this load.
  let earlier: DehydratedState['queries'] = [];
  const save = () => {
    timer = undefined;
    if (stopped) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success',
    });
    const current = new Set(state.queries.map((query) => query.queryHash));
    const oldest = Date.now() - MAX_AGE_MS;
    state.queries.push(
      ...earlier.filter((query) => !current.has(query.queryHash) && query.state.dataUpdatedAt >= oldest),
    );
    const entry: SavedCache = { userId, build: buildId(), savedAt: Date.now(), state };
    set(entryKey(userId), entry, store).catch((error) => console.error('offline data not saved', error));
  };
  let unsubscribe = () => {};
  saving = {
    userId,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    },
  };
  // Another user's entry goes before anything of this user is written.
  const previous = offlineDataOwner();
  if (previous !== null && previous !== userId) await clear(store);
  else earlier = (await usableEntry(userId))?.state.queries ?? [];
  if (stopped) return;
  setOfflineDataOwner(userId);
  unsubscribe = queryClient.getQueryCache().subscribe(() => {
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  save();
}

/** Stops saving and deletes every user's saved data: on sign-out, and when the server answers 401. */
export async function forgetSaved() {
  saving?.stop();
  saving = null;
  setOfflineDataOwner(null);
  await clear(store);
}

/**
 * Puts `userId`'s saved queries (younger than MAX_AGE) back into the cache and returns the saved
 * signed-in user, or null when there is nothing usable.
 */
export async function restoreSaved(queryClient: QueryClient, userId: number): Promise<unknown> {
  const entry = await usableEntry(userId);
  if (!entry) return null;
  const oldest = Date.now() - MAX_AGE_MS;
  const queries = entry.state.queries.filter((query) => query.state.dataUpdatedAt >= oldest);
  const user = queries.find((query) => query.queryKey[0] === 'user')?.state.data;
  if (!user) return null;
  // The user query is the one being answered (with `user`), not hydrated under it.
  hydrate(queryClient, {
    mutations: [],
    queries: queries.filter((query) => query.queryKey[0] !== 'user'),
  });
  return user;
}
