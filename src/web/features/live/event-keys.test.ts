import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '#shared/schemas/live.ts';
import { liveStatus } from '#web/lib/live-status.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { openStream } from './use-live-updates.ts';

const keys = {
  detail7: queryKeys.groupDetail(7),
  escrow7: queryKeys.escrow(7),
  actions7: queryKeys.pendingActions(7),
  messages7: queryKeys.messages(7),
  pinned7: [...queryKeys.messages(7), 'pinned'],
  announcements7: queryKeys.announcements(7),
  detail8: queryKeys.groupDetail(8),
  messages8: queryKeys.messages(8),
  list: queryKeys.groupList(),
  dashboard: queryKeys.dashboard(),
  wallet: queryKeys.wallet(),
  bankDebits7: [...queryKeys.bankDebits(), 7],
  autopay7: [...queryKeys.autopay(), 'schedules', 7],
  monitoring7: [...queryKeys.paymentMonitoring(), 7],
  notifications: queryKeys.notifications(),
  chatUnread: queryKeys.chatUnread(),
} as const;
type Name = keyof typeof keys;

/** A stand-in for the browser's EventSource: the test opens, sends and breaks it. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  named = new Map<string, () => void>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: () => void) {
    this.named.set(name, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function world() {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, { fresh: true });
  const stale = () =>
    (Object.keys(keys) as Name[]).filter((name) => client.getQueryState(keys[name])?.isInvalidated).sort();
  return { client, stale };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('live events → stale queries', () => {
  const cases: [LiveEvent, Name[]][] = [
    [{ scope: 'group', groupId: 7, topic: 'messages' }, ['chatUnread', 'messages7', 'pinned7']],
    [{ scope: 'group', groupId: 7, topic: 'announcements' }, ['announcements7']],
    [
      { scope: 'group', groupId: 7, topic: 'group' },
      [
        'actions7',
        'autopay7',
        'bankDebits7',
        'dashboard',
        'detail7',
        'escrow7',
        'list',
        'monitoring7',
        'wallet',
      ],
    ],
    [{ scope: 'user', userId: 1, topic: 'notifications' }, ['notifications']],
    [
      { scope: 'user', userId: 1, topic: 'groups' },
      [
        'actions7',
        'announcements7',
        'chatUnread',
        'dashboard',
        'detail7',
        'detail8',
        'escrow7',
        'list',
        'messages7',
        'messages8',
        'pinned7',
      ],
    ],
    [{ scope: 'user', userId: 1, topic: 'unread' }, ['chatUnread']],
  ];

  it.each(cases)('%j', (event, expected) => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, stale } = world();
    const stop = openStream(client);
    const source = FakeEventSource.last!;
    source.onopen?.();
    expect(liveStatus()).toBe('live');
    source.onmessage?.({ data: JSON.stringify(event) });
    expect(stale()).toEqual([...expected].sort());
    stop();
  });

  it('ignores what does not parse, refetches everything on resync, and polls the chat while reconnecting', () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client, stale } = world();
    const stop = openStream(client);
    const source = FakeEventSource.last!;
    source.onopen?.();
    source.onmessage?.({ data: '{"scope":"group","groupId":"7"}' });
    source.onmessage?.({ data: 'not json' });
    expect(stale()).toEqual([]);
    source.named.get('resync')?.();
    expect(stale()).toHaveLength(Object.keys(keys).length);

    const fresh = world();
    const stopFresh = openStream(fresh.client);
    const second = FakeEventSource.last!;
    second.onopen?.();
    second.onerror?.();
    expect(liveStatus()).toBe('reconnecting');
    for (const key of Object.values(keys)) fresh.client.setQueryData(key, { fresh: true });
    vi.advanceTimersByTime(3000);
    expect(fresh.stale()).toEqual(['announcements7', 'chatUnread', 'messages7', 'messages8', 'pinned7']);
    second.onopen?.();
    expect(liveStatus()).toBe('live');
    stop();
    stopFresh();
  });
});
