// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { renderInLanguage, withToasts } from '#web/test/render.tsx';
import { ChatPanel, type ChatPanelProps } from './chat-panel.tsx';

const text = (id: number, userId: number, fullName: string, message: string): ChatMessage => ({
  id,
  groupId: 1,
  userId,
  message,
  messageType: 'text',
  system: null,
  isPinned: false,
  awaitingApproval: false,
  createdAt: '2026-01-01T10:00:00Z',
  user: { fullName },
});

const panelOf = (over: Partial<ChatPanelProps> = {}) => (
  <ChatPanel
    messages={[]}
    status="success"
    hasOlder={false}
    loadingOlder={false}
    onLoadOlder={() => {}}
    viewer={{ userId: 7, isAdmin: false }}
    canWrite
    sending={false}
    onSend={async () => true}
    handlers={{}}
    {...over}
  />
);
const panel = (over: Partial<ChatPanelProps> = {}) => renderInLanguage(panelOf(over));

describe('ChatPanel', () => {
  it("shows the spec's title, count and empty state", () => {
    panel();
    expect(screen.getByRole('heading', { name: 'Group Chat' })).toBeTruthy();
    expect(screen.getByText('No messages yet. Start the conversation!')).toBeTruthy();
    expect(screen.getByTestId('chat-count').textContent).toContain('0');
  });

  it("names the reader's own messages 'You', others by name with initials, and a removed member's by name", () => {
    panel({
      messages: [
        text(1, 7, 'Ana Torres', 'mine'),
        text(2, 8, 'Kofi Boateng', 'theirs'),
        text(3, 9, 'Mei Lin', 'gone'),
      ],
    });
    const [mine, theirs] = screen.getAllByTestId('chat-message');
    expect(mine!.textContent).toContain('You');
    expect(mine!.textContent).not.toContain('Ana Torres');
    expect(theirs!.textContent).toContain('Kofi Boateng');
    expect(theirs!.textContent).toContain('KB');
    expect(screen.getByTestId('chat-count').textContent).toContain('3');
  });

  it('keeps user text and names in their own direction (dir=auto, <bdi>)', () => {
    panel({ messages: [text(1, 8, 'أمينة يوسف', 'مرحبا')] });
    const bubble = screen.getByText('مرحبا').closest('p');
    expect(bubble?.getAttribute('dir')).toBe('auto');
    expect(screen.getByText('أمينة يوسف').tagName).toBe('BDI');
  });

  it('tells members why they cannot write when messaging is for administrators only', () => {
    panel({ canWrite: false });
    expect(screen.getByText('Messaging is currently restricted to administrators only.')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Type your message...')).toBeNull();
  });

  // jsdom lays nothing out: the scroller stays at the top, where a reader waiting for older pages is.
  describe('an older page that ended without arriving (a refetch cancelled it)', () => {
    const page = [text(51, 8, 'Kofi Boateng', 'Message 51'), text(52, 8, 'Kofi Boateng', 'Message 52')];
    const loading = (onLoadOlder: () => void, over: Partial<ChatPanelProps> = {}) => {
      const view = render(panelOf({ messages: page, hasOlder: true, loadingOlder: true, onLoadOlder }), {
        wrapper: withToasts('en'),
      });
      return (done: Partial<ChatPanelProps>) =>
        view.rerender(panelOf({ messages: page, hasOlder: true, onLoadOlder, ...over, ...done }));
    };

    it('is asked for again once the refetch is done, while the reader is still at the top', () => {
      const onLoadOlder = vi.fn();
      const next = loading(onLoadOlder);
      // Asking during the refetch would cancel it in turn, and the new message would be lost.
      next({ loadingOlder: false, refreshing: true });
      expect(onLoadOlder).not.toHaveBeenCalled();
      next({ loadingOlder: false, refreshing: false });
      expect(onLoadOlder).toHaveBeenCalledTimes(1);
      next({ loadingOlder: false, refreshing: false });
      expect(onLoadOlder).toHaveBeenCalledTimes(1);
    });

    it('is left to the button when it failed (no loop of failing requests)', () => {
      const onLoadOlder = vi.fn();
      loading(onLoadOlder)({ loadingOlder: false, olderFailed: true });
      expect(onLoadOlder).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Show older messages' })).toBeTruthy();
    });

    it('is not asked for when it was the last one', () => {
      const onLoadOlder = vi.fn();
      loading(onLoadOlder)({ loadingOlder: false, hasOlder: false });
      expect(onLoadOlder).not.toHaveBeenCalled();
    });
  });
});
