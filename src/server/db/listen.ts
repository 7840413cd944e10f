import pg from 'pg';

export type ListenHandlers = {
  onPayload(payload: string): void;
  /** The connection was lost: until onReconnect, nothing sent is heard. */
  onLost?(): void;
  /** The connection was lost and is back: notifications sent meanwhile are gone. */
  onReconnect?(): void;
};
export type Unlisten = () => Promise<void>;

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries and lose it).
 * When the connection drops, it reconnects with a doubling wait and then reports onReconnect, since
 * whatever was sent meanwhile was missed. Resolves once the first LISTEN is in place.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onPayload(message.payload);
    });
    // 'error' comes before 'end' when the server goes away; without a listener Node would crash.
    next.on('error', () => {});
    next.on('end', () => {
      if (client === next) {
        client = null;
        handlers.onLost?.();
        retryLater();
      }
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
  };

  const retryLater = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await connect();
        if (!stopped) handlers.onReconnect?.();
      } catch {
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        retryLater();
      }
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
