import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { messageChoices } from './message-actions.ts';

const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 1,
  groupId: 1,
  userId: 2,
  message: 'hi',
  messageType: 'text',
  system: null,
  isPinned: false,
  awaitingApproval: false,
  createdAt: '2026-01-01T00:00:00Z',
  user: { fullName: 'Bo' },
  ...over,
});
const all = { onDelete() {}, onPin() {}, onUnpin() {}, onApprove() {}, onReport() {} };

describe('messageChoices', () => {
  it('members delete their own and report others', () => {
    expect(messageChoices(message({ userId: 7 }), { userId: 7, isAdmin: false }, all)).toEqual(['delete']);
    expect(messageChoices(message(), { userId: 7, isAdmin: false }, all)).toEqual(['report']);
  });

  it('admins pin or unpin, delete any, and approve what waits', () => {
    expect(messageChoices(message(), { userId: 7, isAdmin: true }, all)).toEqual(['pin', 'report', 'delete']);
    expect(messageChoices(message({ isPinned: true }), { userId: 7, isAdmin: true }, all)).toEqual([
      'unpin',
      'report',
      'delete',
    ]);
    expect(messageChoices(message({ awaitingApproval: true }), { userId: 7, isAdmin: true }, all)).toEqual([
      'approve',
      'report',
      'delete',
    ]);
  });

  it("offers nothing without its handler, and no report on the app's own messages", () => {
    expect(messageChoices(message(), { userId: 7, isAdmin: true }, {})).toEqual([]);
    const system = message({ userId: null, messageType: 'system', user: null });
    expect(messageChoices(system, { userId: 7, isAdmin: false }, all)).toEqual([]);
  });
});
