// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.ts';
import type { LanguageCode } from '#web/i18n/languages.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { useSystemText } from './system-text.ts';

function Line({ system }: { system: ChatMessage['system'] }) {
  const text = useSystemText();
  return <p data-testid="line">{text({ system, message: '' })}</p>;
}
const show = (system: ChatMessage['system'], language: LanguageCode = 'en') => {
  cleanup();
  renderInLanguage(<Line system={system} />, language);
  return screen.getByTestId('line').textContent ?? '';
};

describe('system messages', () => {
  it('are worded from their kind and parameters, amounts from cents', () => {
    expect(
      show({
        kind: 'contribution_confirmed',
        params: { fullName: 'Amina Yusuf', amountCents: 10000, cycle: 3 },
      }),
    ).toBe('Amina Yusuf paid $100.00 for cycle 3');
  });

  it('take the shorter wording when a parameter is missing, never "undefined"', () => {
    const text = show({ kind: 'payout_sent', params: { fullName: 'Bo' } });
    expect(text).toBe('Bo received their payout');
    const nameless = show({ kind: 'member_joined', params: {} });
    expect(nameless).not.toMatch(/undefined|\{\{/);
  });

  it("are in the reader's language", () => {
    const text = show({ kind: 'member_joined', params: { fullName: 'Amina' } }, 'fr');
    expect(text).toBe('Amina a rejoint le cercle');
  });
});
