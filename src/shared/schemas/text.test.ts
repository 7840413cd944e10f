import { describe, expect, it } from 'vitest';
import { text } from './text.ts';

describe('the shared text schema', () => {
  const name = text({ min: 1, max: 5, messages: { required: 'groupNameRequired', max: 'groupNameMax' } });
  const note = text({ max: 40, multiline: true });
  const keyOf = (result: ReturnType<typeof name.safeParse>) => result.error?.issues.map((i) => i.message);

  it('trims, and counts characters as a person does (an emoji is one)', () => {
    expect(name.parse('  Ana  ')).toBe('Ana');
    expect(name.parse('🌷🌷🌷🌷🌷')).toBe('🌷🌷🌷🌷🌷');
    expect(keyOf(name.safeParse('🌷🌷🌷🌷🌷🌷'))).toEqual(['groupNameMax']);
    expect(keyOf(name.safeParse('   '))).toEqual(['groupNameRequired']);
    expect(keyOf(name.safeParse(undefined))).toEqual(['groupNameRequired']);
  });

  it.each([
    ['NUL', 'A\u0000na'],
    ['a line break in a one-line field', 'A\nna'],
    ['DEL', 'A\u007fna'],
    ['a C1 control', 'A\u0085na'],
    ['half of a surrogate pair', 'A\ud800na'],
  ])('refuses %s', (_what, value) => {
    expect(keyOf(name.safeParse(value))).toEqual(['textCharacters']);
  });

  it('keeps line breaks and tabs in multi-line text, and nothing else invisible', () => {
    expect(note.parse('Paid in cash.\r\n\tAll there.')).toBe('Paid in cash.\r\n\tAll there.');
    expect(keyOf(note.safeParse('Paid\u0000'))).toEqual(['textCharacters']);
  });

  it('takes passwords as typed', () => {
    const password = text({ min: 8, max: 128, trim: false });
    expect(password.parse('  tulip 42  ')).toBe('  tulip 42  ');
  });
});
