import { describe, expect, it } from 'vitest';
import { daysBetween } from './relative-day.ts';

describe('daysBetween', () => {
  it('counts whole calendar days, across months and a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-03-01', '2025-03-01')).toBe(0);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });

  it('is negative for a day already past (an overdue payment)', () => {
    expect(daysBetween('2025-03-10', '2025-03-05')).toBe(-5);
  });
});
