// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { GoalDialog } from './goal-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

// The form's code loads on the first opening: on a busy machine that can take more than findBy's second.
const loading = { timeout: 10_000 };

const suggested = { target: '5000.00', monthly: '500.00', isDefault: true };

/** The dashboard as the dialog sees it: the goal it shows, then the goal the server now has. */
function Dashboard() {
  const [goal, setGoal] = useState(suggested);
  return (
    <>
      <GoalDialog goal={goal} />
      <button type="button" onClick={() => setGoal({ target: '900.00', monthly: '75.00', isDefault: false })}>
        refetched
      </button>
    </>
  );
}

describe('GoalDialog', () => {
  it('loads its form on opening, saves the goal, and opens again on the goal it is given', async () => {
    const fetch = vi.fn(async () => Response.json({ target: '900.00', monthly: '75.00' }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderInLanguage(<Dashboard />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit savings goal' }));
    const target = await screen.findByLabelText('Savings target', {}, loading);
    expect(target).toHaveProperty('value', '5000.00');
    await user.clear(target);
    await user.type(target, '900');
    await user.clear(screen.getByLabelText('Monthly goal'));
    await user.type(screen.getByLabelText('Monthly goal'), '75');
    await user.click(screen.getByRole('button', { name: 'Save Goal' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), loading);
    expect(fetch).toHaveBeenCalledWith(
      '/api/user/savings-goal',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ target: '900', monthly: '75' }) }),
    );
    // Focus goes back to the button that opened it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit savings goal' })),
    );

    await user.click(screen.getByRole('button', { name: 'refetched' }));
    await user.click(screen.getByRole('button', { name: 'Edit savings goal' }));
    expect(await screen.findByLabelText('Savings target', {}, loading)).toHaveProperty('value', '900.00');
  });

  it('keeps the dialog open and sends nothing while a field is not a positive amount', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderInLanguage(<GoalDialog goal={suggested} />);
    await user.click(screen.getByRole('button', { name: 'Edit savings goal' }));
    await user.clear(await screen.findByLabelText('Savings target', {}, loading));
    await user.click(screen.getByRole('button', { name: 'Save Goal' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
