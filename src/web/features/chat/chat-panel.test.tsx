// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import { renderInLanguage } from '#web/test/render.tsx';
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

const panel = (over: Partial<ChatPanelProps> = {}) =>
  renderInLanguage(
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
    />,
  );

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
});
