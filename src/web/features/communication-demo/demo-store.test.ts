import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import {
  addDemoAnnouncement,
  addDemoMessage,
  clearDemo,
  DEMO_STORAGE_KEY,
  DEMO_VISITOR_ID,
  deleteDemoMessage,
  demoMessages,
  pinDemoMessage,
  readDemo,
  writeDemo,
} from './demo-store.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const seed: ChatMessage[] = [1, 2].map((id) => ({
  id,
  groupId: 0,
  userId: 1,
  message: `seed ${id}`,
  messageType: 'text',
  system: null,
  isPinned: id === 1,
  awaitingApproval: false,
  createdAt: '2026-01-01T00:00:00Z',
  user: { fullName: 'Amina' },
}));

describe('demo store', () => {
  it("keeps the visitor's messages and announcements in this browser's storage and reads them back", () => {
    const storage = memoryStorage();
    let state = readDemo(storage);
    state = addDemoMessage(state, 'hello');
    state = addDemoAnnouncement(
      state,
      { title: 'T', content: 'C', priority: 'urgent', audience: 'late' },
      'You',
    );
    writeDemo(storage, state);
    const again = readDemo(storage);
    expect(again.messages.map((m) => [m.message, m.userId])).toEqual([['hello', DEMO_VISITOR_ID]]);
    expect(again.announcements.map((a) => [a.title, a.priority, a.audience])).toEqual([
      ['T', 'urgent', 'late'],
    ]);
    expect(storage.items.has(DEMO_STORAGE_KEY)).toBe(true);
  });

  it('lays pins and deletions over the seed without storing the seed', () => {
    let state = readDemo(undefined);
    state = addDemoMessage(state, 'mine');
    state = pinDemoMessage(state, 2, true);
    state = pinDemoMessage(state, 1, false);
    state = deleteDemoMessage(state, state.messages[0]!.id);
    const shown = demoMessages(seed, state);
    expect(shown.map((m) => [m.id, m.isPinned])).toEqual([
      [1, false],
      [2, true],
    ]);
    state = deleteDemoMessage(state, 1);
    expect(demoMessages(seed, state).map((m) => m.id)).toEqual([2]);
    expect(JSON.stringify(state)).not.toContain('seed 2');
  });

  it('gives new messages ids above the seed, in order', () => {
    let state = readDemo(undefined);
    state = addDemoMessage(state, 'a');
    state = addDemoMessage(state, 'b');
    const [a, b] = state.messages;
    expect(a!.id).toBeGreaterThan(2);
    expect(b!.id).toBe(a!.id + 1);
  });

  it('starts afresh from unreadable storage and clears on reset', () => {
    const storage = memoryStorage();
    storage.setItem(DEMO_STORAGE_KEY, '{not json');
    expect(readDemo(storage).messages).toEqual([]);
    storage.setItem(DEMO_STORAGE_KEY, JSON.stringify({ messages: 'x', announcements: [{ nope: 1 }] }));
    expect(readDemo(storage)).toMatchObject({ messages: [], announcements: [] });
    clearDemo(storage);
    expect(storage.items.size).toBe(0);
  });
});
