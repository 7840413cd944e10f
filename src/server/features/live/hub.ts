import type { LiveEvent } from '#shared/schemas/live.ts';

/** One open stream as the hub sees it: whose it is, which groups it may hear of, and how to reach it. */
export type LiveSubscriber = {
  readonly userId: number;
  readonly groupIds: ReadonlySet<number>;
  deliver(event: LiveEvent): void;
  /** Events may have been missed (the database connection was lost): refetch everything. */
  resync(): void;
  close(): void;
};

export type HubLimits = { perUser: number; total: number };

/**
 * The process's open streams, indexed by group and by user, so an event is routed without a database
 * query: a group event goes only to streams of that group's members, a user event only to that
 * user's streams. Past a limit the oldest stream is closed (its browser reconnects).
 */
export class LiveHub {
  private readonly byGroup = new Map<number, Set<LiveSubscriber>>();
  private readonly byUser = new Map<number, Set<LiveSubscriber>>();
  /** In the order they opened: the first is the oldest. */
  private readonly open = new Set<LiveSubscriber>();

  constructor(private readonly limits: HubLimits) {}

  get size() {
    return this.open.size;
  }

  add(subscriber: LiveSubscriber) {
    const mine = this.byUser.get(subscriber.userId);
    if (mine && mine.size >= this.limits.perUser) this.evict(mine.values().next().value);
    if (this.open.size >= this.limits.total) this.evict(this.open.values().next().value);
    this.open.add(subscriber);
    addTo(this.byUser, subscriber.userId, subscriber);
    for (const groupId of subscriber.groupIds) addTo(this.byGroup, groupId, subscriber);
  }

  remove(subscriber: LiveSubscriber) {
    if (!this.open.delete(subscriber)) return;
    removeFrom(this.byUser, subscriber.userId, subscriber);
    for (const groupId of subscriber.groupIds) removeFrom(this.byGroup, groupId, subscriber);
  }

  /** The subscriber's groups changed from `before` to its current groupIds. */
  regroup(subscriber: LiveSubscriber, before: ReadonlySet<number>) {
    if (!this.open.has(subscriber)) return;
    for (const groupId of before)
      if (!subscriber.groupIds.has(groupId)) removeFrom(this.byGroup, groupId, subscriber);
    for (const groupId of subscriber.groupIds)
      if (!before.has(groupId)) addTo(this.byGroup, groupId, subscriber);
  }

  publish(event: LiveEvent) {
    const to = event.scope === 'group' ? this.byGroup.get(event.groupId) : this.byUser.get(event.userId);
    // A copy: delivering may close a stream, which removes it from the set.
    for (const subscriber of [...(to ?? [])]) subscriber.deliver(event);
  }

  resyncAll() {
    for (const subscriber of [...this.open]) subscriber.resync();
  }

  closeAll() {
    for (const subscriber of [...this.open]) subscriber.close();
  }

  private evict(subscriber: LiveSubscriber | undefined) {
    if (!subscriber) return;
    subscriber.close();
    this.remove(subscriber);
  }
}

function addTo(index: Map<number, Set<LiveSubscriber>>, key: number, subscriber: LiveSubscriber) {
  const set = index.get(key);
  if (set) set.add(subscriber);
  else index.set(key, new Set([subscriber]));
}

function removeFrom(index: Map<number, Set<LiveSubscriber>>, key: number, subscriber: LiveSubscriber) {
  const set = index.get(key);
  if (!set) return;
  set.delete(subscriber);
  if (set.size === 0) index.delete(key);
}
