// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '#web/test/render.tsx';
import { FeePreview } from './fee-preview.tsx';

const wallet = (available: string) => ({ balance: available, held: '0.00', available });
const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('FeePreview', () => {
  it('asks for a method, then an amount, before it shows any figure', () => {
    const { rerender } = renderInLanguage(<FeePreview method="" amount="50" />);
    expect(text('fee-preview')).toBe('Choose a method to see the fee.');
    rerender(<FeePreview method="instant" amount="" />);
    expect(text('fee-preview')).toBe('Enter an amount to see the fee and the total.');
    for (const amount of ['0', '-5', '12.345', 'ten']) {
      rerender(<FeePreview method="instant" amount={amount} />);
      expect(screen.queryByTestId('preview-fee'), amount).toBeNull();
    }
  });

  it('shows each method’s fee in cents and the total deducted', () => {
    const { rerender } = renderInLanguage(<FeePreview method="instant" amount="100" />);
    // 1.5% of $100.00
    expect(text('preview-fee')).toBe('$1.50');
    expect(text('preview-total')).toBe('$101.50');
    // 1.5% of $10.00 is $0.15: the $0.50 minimum applies.
    rerender(<FeePreview method="instant" amount="10" />);
    expect(text('preview-fee')).toBe('$0.50');
    // 1.5% of $43.30 is 64.95 cents: the one rounding rule, half-up, charges 65.
    rerender(<FeePreview method="instant" amount="43.30" />);
    expect(text('preview-fee')).toBe('$0.65');
    rerender(<FeePreview method="wire" amount="150" />);
    expect(text('preview-fee')).toBe('$15.00');
    expect(text('preview-total')).toBe('$165.00');
    rerender(<FeePreview method="bank_transfer" amount="25.5" />);
    expect(text('preview-fee')).toBe('$0.00');
    expect(text('preview-total')).toBe('$25.50');
  });

  it('says what stays available, or that the total is more than there is', () => {
    const { rerender } = renderInLanguage(
      <FeePreview method="check" amount="100" wallet={wallet('189.50')} />,
    );
    expect(screen.getByText('Available afterwards').nextElementSibling?.textContent).toBe('$87.00');
    expect(screen.queryByTestId('preview-exceeds')).toBeNull();
    rerender(<FeePreview method="check" amount="188" wallet={wallet('189.50')} />);
    expect(text('preview-exceeds')).toBe('The total is more than your available balance: $189.50');
    expect(screen.queryByText('Available afterwards')).toBeNull();
  });

  it('keeps amounts whole in Arabic', () => {
    renderInLanguage(<FeePreview method="wire" amount="150" />, 'ar');
    const fee = screen.getByTestId('preview-fee').querySelector('bdi');
    expect(fee?.getAttribute('dir')).toBe('ltr');
    expect(fee?.textContent).toContain('15.00');
  });
});
