// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { AnnouncementDialog } from './announcement-dialog.tsx';

async function openDialog(onCreate = vi.fn(async () => true)) {
  const user = userEvent.setup();
  renderInLanguage(<AnnouncementDialog onCreate={onCreate} pending={false} />);
  await user.click(screen.getByRole('button', { name: 'New Announcement' }));
  return { user, onCreate };
}

describe('New Announcement', () => {
  it("says the spec's messages for a missing title and content and sends nothing", async () => {
    const { user, onCreate } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    expect(await screen.findByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it("says the spec's messages for a title over 100 and content over 500 characters", async () => {
    const { user, onCreate } = await openDialog();
    await user.click(screen.getByLabelText('Title'));
    await user.paste('t'.repeat(101));
    await user.click(screen.getByLabelText('Content'));
    await user.paste('c'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    expect(await screen.findByText('Title must be less than 100 characters')).toBeTruthy();
    expect(screen.getByText('Content must be less than 500 characters')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('sends title, content, priority (normal by default) and the chosen audience', async () => {
    const { user, onCreate } = await openDialog();
    await user.type(screen.getByLabelText('Title'), '  Payout moved  ');
    await user.type(screen.getByLabelText('Content'), 'Now on the 17th');
    await user.selectOptions(screen.getByLabelText('Audience'), 'late');
    await user.click(screen.getByRole('button', { name: 'Post announcement' }));
    expect(onCreate).toHaveBeenCalledWith({
      title: 'Payout moved',
      content: 'Now on the 17th',
      priority: 'normal',
      audience: 'late',
    });
  });
});
