import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes the first letters of the first and last names, at most 2', () => {
    expect(initials('Amina Yusuf')).toBe('AY');
    expect(initials('maría josé de la cruz')).toBe('MC');
    expect(initials('  Mei  ')).toBe('M');
  });

  it('keeps whole characters in any script and never exceeds 2', () => {
    expect(initials('أمينة يوسف')).toBe('أي');
    expect(initials('김 미정')).toBe('김미');
    expect([...initials('陈美 王 李')].length).toBeLessThanOrEqual(2);
  });

  it('skips leading punctuation and gives "?" for a name without letters', () => {
    expect(initials('"Bob" (Admin)')).toBe('BA');
    expect(initials('')).toBe('?');
    expect(initials('🙂 !!')).toBe('?');
  });
});
