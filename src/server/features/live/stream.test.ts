import { describe, expect, it } from 'vitest';
import { LiveHub } from './hub.ts';
import { openLiveStream } from './stream.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function stream(hub: LiveHub, userId: number, groupIds: number[], live = { value: true }) {
  const opened = openLiveStream({
    userId,
    groupIds: new Set(groupIds),
    hub,
    loadGroupIds: async () => new Set(groupIds),
    sessionIsLive: async () => live.value,
    heartbeatMs: 20,
  });
  let text = '';
  opened.body.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  let ended = false;
  opened.body.on('end', () => {
    ended = true;
  });
  return { ...opened, text: () => text, ended: () => ended };
}

describe('live stream', () => {
  it('routes a group event only to streams of that group, a user event only to that user', async () => {
    const hub = new LiveHub({ perUser: 10, total: 100 });
    const inGroup = stream(hub, 1, [7]);
    const elsewhere = stream(hub, 2, [8]);
    hub.publish({ scope: 'group', groupId: 7, topic: 'messages' });
    hub.publish({ scope: 'user', userId: 2, topic: 'notifications' });
    await pause(5);
    expect(inGroup.text()).toContain('"groupId":7');
    expect(inGroup.text()).not.toContain('notifications');
    expect(elsewhere.text()).not.toContain('"groupId":7');
    expect(elsewhere.text()).toContain('"userId":2');
    inGroup.subscriber.close();
    elsewhere.subscriber.close();
    expect(hub.size).toBe(0);
  });

  it('sends heartbeats while the session lives and ends when it does not', async () => {
    const hub = new LiveHub({ perUser: 10, total: 100 });
    const live = { value: true };
    const s = stream(hub, 1, [7], live);
    await pause(70);
    expect(s.text()).toContain(': heartbeat');
    expect(s.ended()).toBe(false);
    live.value = false;
    await pause(70);
    expect(s.ended()).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('closes the oldest stream past the per-person and the global limits', async () => {
    const hub = new LiveHub({ perUser: 2, total: 3 });
    const [first, second, third] = [stream(hub, 1, [7]), stream(hub, 1, [7]), stream(hub, 1, [7])];
    await pause(5);
    expect([first.ended(), second.ended(), third.ended()]).toEqual([true, false, false]);
    const [other, another] = [stream(hub, 2, [8]), stream(hub, 3, [8])];
    await pause(5);
    expect([second.ended(), third.ended(), other.ended(), another.ended()]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(hub.size).toBe(3);
    hub.closeAll();
    expect(hub.size).toBe(0);
  });
});
