// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { renderInLanguage } from '#web/test/render.tsx';
import { FrozenBanner } from './freeze-banner.tsx';

const FSI = '\u2068';
const PDI = '\u2069';

// Only what the banner reads; the rest of a group detail does not matter here.
const frozen = (reason: string) =>
  ({
    group: { id: 7, status: 'active', frozenReason: reason },
    viewer: { isAdmin: false },
  }) as unknown as GroupDetail;

describe('FrozenBanner', () => {
  it('isolates the reason an admin typed, so Latin text cannot reorder an Arabic sentence', () => {
    renderInLanguage(<FrozenBanner detail={frozen('Bank audit: 2 days')} />, 'ar');
    const reason = screen.getByTestId('frozen-reason').textContent!;
    expect(reason).toContain(`${FSI}Bank audit: 2 days${PDI}`);
    expect(reason.startsWith('السبب')).toBe(true);
  });
});
