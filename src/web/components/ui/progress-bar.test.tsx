// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '#web/test/render.tsx';
import { ProgressBar, progressPercent } from './progress-bar.tsx';

const fill = (bar: HTMLElement) => (bar.firstElementChild as HTMLElement).style.width;

describe('ProgressBar', () => {
  it('is a labelled progressbar with its values for screen readers', () => {
    render(<ProgressBar value={3} max={5} label="3 of 5 paid" />);
    const bar = screen.getByRole('progressbar', { name: '3 of 5 paid' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('5');
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(fill(bar)).toBe('60%');
  });

  it('holds a value past either end at that end, in the bar and for screen readers', () => {
    render(
      <>
        <ProgressBar value={7} max={5} label="over" />
        <ProgressBar value={-2} max={5} label="under" />
      </>,
    );
    const over = screen.getByRole('progressbar', { name: 'over' });
    expect(over.getAttribute('aria-valuenow')).toBe('5');
    expect(fill(over)).toBe('100%');
    const under = screen.getByRole('progressbar', { name: 'under' });
    expect(under.getAttribute('aria-valuenow')).toBe('0');
    expect(fill(under)).toBe('0%');
  });

  it('shows an empty bar, never NaN%, when there is nothing to count', () => {
    render(
      <>
        <ProgressBar value={0} max={0} label="no members" />
        <ProgressBar value={Number.NaN} max={4} label="unknown" />
      </>,
    );
    for (const name of ['no members', 'unknown']) {
      const bar = screen.getByRole('progressbar', { name });
      expect(fill(bar)).toBe('0%');
      expect(bar.getAttribute('aria-valuenow')).toBe('0');
    }
  });

  it('rounds to whole percents', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
  });
});
