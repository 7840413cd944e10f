// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { PayoutDeliveryChoice } from './payout-delivery-choice.tsx';

describe('PayoutDeliveryChoice', () => {
  it('offers a hand-over outside the app only when the server allows it', () => {
    const { unmount } = renderInLanguage(
      <PayoutDeliveryChoice name="Ana" value="wallet" onChange={() => {}} allowed={['wallet', 'off_app']} />,
    );
    expect(screen.getByRole('radio', { name: /Handed over outside the app/ })).toBeTruthy();
    unmount();
    // Third-party custody on: the group detail says the wallet only.
    renderInLanguage(
      <PayoutDeliveryChoice name="Ana" value="wallet" onChange={() => {}} allowed={['wallet']} />,
    );
    expect(screen.queryByRole('radio', { name: /Handed over outside the app/ })).toBeNull();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });
});
