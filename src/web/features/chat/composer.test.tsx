// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { Composer } from './composer.tsx';

describe('Composer', () => {
  it('sends the trimmed text on Enter, makes a new line on Shift+Enter, and clears after sending', async () => {
    const onSend = vi.fn(async () => true);
    const user = userEvent.setup();
    renderInLanguage(<Composer onSend={onSend} sending={false} />);
    const box = screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement;
    await user.type(box, '  first line{Shift>}{Enter}{/Shift}second  ');
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toContain('\n');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
    expect(box.value).toBe('');
  });

  it('keeps the button off while the text is blank or a send is on its way', async () => {
    const user = userEvent.setup();
    const { rerender } = renderInLanguage(<Composer onSend={async () => true} sending={false} />);
    const button = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.type(screen.getByRole('textbox'), '   ');
    expect(button.disabled).toBe(true);
    await user.type(screen.getByRole('textbox'), 'hello');
    expect(button.disabled).toBe(false);
    rerender(<Composer onSend={async () => true} sending />);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the text when the send failed', async () => {
    const user = userEvent.setup();
    renderInLanguage(<Composer onSend={async () => false} sending={false} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    await user.type(box, 'hello{Enter}');
    expect(box.value).toBe('hello');
  });
});
