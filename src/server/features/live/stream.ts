import { PassThrough } from 'node:stream';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { LIVE_RESYNC_EVENT } from '#shared/schemas/live.ts';
import type { LiveHub, LiveSubscriber } from './hub.ts';

/** How long a browser waits before reconnecting (the spec's poll interval). */
export const RETRY_MS = 3000;
/** A comment line this often keeps proxies from closing an idle stream, and re-checks the session. */
export const HEARTBEAT_MS = 25_000;
/** A reader this far behind is cut off; it reconnects and refetches (events are only hints). */
const MAX_BUFFERED_BYTES = 64 * 1024;

export type StreamOptions = {
  userId: number;
  groupIds: ReadonlySet<number>;
  hub: LiveHub;
  /** The caller's current groups, read again when their memberships change. */
  loadGroupIds(): Promise<Set<number>>;
  /** Whether the session that opened the stream is still signed in. */
  sessionIsLive(): Promise<boolean>;
  heartbeatMs?: number;
};

/**
 * One member's event stream: the body of a GET /api/events reply. It hears only its member's events
 * (the hub routes by the groups it holds) and closes when a group is lost or the session ends; the
 * browser then reconnects with fresh access, or stops at 401.
 */
export function openLiveStream(options: StreamOptions) {
  const body = new PassThrough();
  let closed = false;
  // Membership reloads run one after another, never overlapping; while one is pending, group events
  // queue behind it, so a member just removed hears nothing more of that group.
  let reloading = Promise.resolve();
  let pendingReloads = 0;

  const write = (text: string) => {
    if (closed) return;
    if (body.writableLength > MAX_BUFFERED_BYTES) subscriber.close();
    else body.write(text);
  };

  const reloadGroups = (then: () => void) => {
    pendingReloads += 1;
    reloading = reloading.then(async () => {
      try {
        if (closed) return;
        const before = subscriber.groupIds;
        const now = await options.loadGroupIds().catch(() => null);
        if (closed) return;
        // Lost a group (or could not tell): close; the browser reconnects with what it may see now.
        if (!now || [...before].some((id) => !now.has(id))) return subscriber.close();
        subscriber.groupIds = now;
        options.hub.regroup(subscriber, before);
        then();
      } finally {
        pendingReloads -= 1;
      }
    });
  };

  const subscriber: LiveSubscriber & { groupIds: ReadonlySet<number> } = {
    userId: options.userId,
    groupIds: options.groupIds,
    deliver(event: LiveEvent) {
      const text = `data: ${JSON.stringify(event)}\n\n`;
      if (event.scope === 'user' && event.topic === 'groups') reloadGroups(() => write(text));
      else if (event.scope === 'group' && pendingReloads > 0)
        reloading = reloading.then(() => {
          if (subscriber.groupIds.has(event.groupId)) write(text);
        });
      else write(text);
    },
    resync() {
      reloadGroups(() => write(`event: ${LIVE_RESYNC_EVENT}\ndata: {}\n\n`));
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      options.hub.remove(subscriber);
      body.end();
    },
  };

  const heartbeat = setInterval(async () => {
    const live = await options.sessionIsLive().catch(() => true);
    if (!live) subscriber.close();
    else write(': heartbeat\n\n');
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  // The client went away (or Fastify destroyed the body): stop hearing for it.
  body.on('close', () => subscriber.close());
  options.hub.add(subscriber);
  body.write(`retry: ${RETRY_MS}\n: live\n\n`);
  return { body, subscriber };
}
