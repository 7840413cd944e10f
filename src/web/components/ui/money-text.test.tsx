// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isolate, useFormat } from '#web/lib/format.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { AccountName, MoneyText } from './money-text.tsx';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/** A translated-sentence stand-in: what useFormat puts around a name, a number and an amount. */
function Sentence(props: { name: string; phone: string; amount: string }) {
  const format = useFormat();
  return (
    <p data-testid="sentence">
      {[format.own(props.name), format.ltr(props.phone), format.money(props.amount)].join(' | ')}
    </p>
  );
}

describe('MoneyText', () => {
  it('shows an amount left to right with tabular figures', () => {
    renderInLanguage(<MoneyText amount="1250.50" />);
    const amount = screen.getByText('$1,250.50');
    expect(amount.tagName).toBe('BDI');
    expect(amount.getAttribute('dir')).toBe('ltr');
    expect(amount.className).toContain('tabular-nums');
  });

  it('shows a dash, not NaN or $0.00, for an amount it cannot read', () => {
    const { container } = renderInLanguage(
      <>
        <MoneyText amount="twelve" />
        <MoneyText amount={Number.NaN} />
        <MoneyText amount={0.5} />
      </>,
    );
    expect(container.textContent).toBe('———');
  });

  it('keeps an amount whole inside Arabic text', () => {
    renderInLanguage(<MoneyText amount="25.00" />, 'ar');
    const text = document.querySelector('bdi')?.textContent ?? '';
    expect(text.startsWith(LRI) && text.endsWith(PDI)).toBe(true);
    expect(text).toContain('25.00');
  });

  it('keeps the last four digits of an account left to right beside a name in its own direction', () => {
    const { container } = renderInLanguage(<AccountName bankName="بنك الخليج" last4="6789" />, 'ar');
    const [name, digits] = [...container.querySelectorAll('bdi')];
    expect(name?.textContent).toBe('بنك الخليج');
    expect(name?.hasAttribute('dir')).toBe(false);
    expect(digits?.getAttribute('dir')).toBe('ltr');
    expect(digits?.textContent).toBe('••6789');
  });
});

describe('isolation inside sentences', () => {
  it('isolates names, numbers and amounts in Arabic', () => {
    renderInLanguage(<Sentence name="Lucía" phone="+1 ••••0123" amount="10.00" />, 'ar');
    const [name, phone, amount] = screen.getByTestId('sentence').textContent!.split(' | ');
    expect(name).toBe(`${FSI}Lucía${PDI}`);
    expect(phone).toBe(`${LRI}+1 ••••0123${PDI}`);
    expect(amount?.startsWith(LRI)).toBe(true);
  });

  it('leaves left-to-right sentences plain, where nothing can be reordered', () => {
    renderInLanguage(<Sentence name="Lucía" phone="+1 ••••0123" amount="10.00" />, 'en');
    expect(screen.getByTestId('sentence').textContent).toBe('Lucía | +1 ••••0123 | $10.00');
  });

  it('always isolates text people typed with isolate()', () => {
    expect(isolate('نور')).toBe(`${FSI}نور${PDI}`);
  });
});
