// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { FormDialog, type FormDialogProps } from './form-dialog.tsx';

type Overrides = Partial<Omit<FormDialogProps, 'open' | 'onOpenChange'>>;

/** A reason dialog as the app builds them: the submit button is off while the reason is blank. */
function ReasonDialog({ onOpenChange, ...props }: Overrides & { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  const [reason, setReason] = useState('');
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange?.(next);
      }}
      title="Freeze circle"
      description="Payouts stop until it is unfrozen."
      cancelLabel="Cancel"
      submitLabel="Freeze"
      pendingLabel="Freezing…"
      pending={false}
      canSubmit={reason.trim() !== ''}
      onSubmit={() => {}}
      {...props}
    >
      <label htmlFor="reason">Reason</label>
      <input id="reason" value={reason} onChange={(event) => setReason(event.target.value)} />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('names the dialog by its title and description', () => {
    renderInLanguage(<ReasonDialog />);
    const dialog = screen.getByRole('dialog', { name: 'Freeze circle' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Payouts stop until it is unfrozen.')).toBeTruthy();
  });

  it('keeps submit off until the form is ready, then sends it once, also by Enter', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderInLanguage(<ReasonDialog onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Freeze' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Reason'), 'Dispute with the bank');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText('Reason'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('while the request runs, says so and cannot be sent again', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderInLanguage(<ReasonDialog pending canSubmit onSubmit={onSubmit} />);
    const submit = screen.getByRole('button', { name: 'Freezing…' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(submit.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Freeze' })).toBeNull();
    await user.click(submit);
    await user.type(screen.getByLabelText('Reason'), 'x{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('announces why the last attempt failed', () => {
    renderInLanguage(<ReasonDialog error="Those amounts do not match." />);
    expect(screen.getByRole('alert').textContent).toBe('Those amounts do not match.');
  });

  it('closes on Cancel without sending', async () => {
    const onSubmit = vi.fn();
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    renderInLanguage(<ReasonDialog canSubmit onSubmit={onSubmit} onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is an alert dialog with a destructive button for what cannot be undone', () => {
    renderInLanguage(<ReasonDialog role="alertdialog" destructive canSubmit />);
    expect(screen.getByRole('alertdialog', { name: 'Freeze circle' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Freeze' }).className).toContain('bg-red-700');
  });
});
