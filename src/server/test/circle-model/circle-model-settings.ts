import { expect } from 'vitest';
import { readGroupSettings, writeGroupSettings } from '#server/features/group-settings/settings.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { adminRefusal, attempt, session } from './circle-model-harness.ts';
import type { MGroup, World } from './circle-model-state.ts';

export type SettingsCommand = {
  grace: number;
  penalty: number;
  maxMissed: 1 | 2 | 3;
  autoRemove: boolean;
  /** The emergency fund's new percentage, or unchanged. */
  emergency: number | undefined;
};

/**
 * PUT /api/groups/{id}/settings (the whole object, the rest as it was): grace applies to cycles not
 * yet opened, the penalty to payments settled from now on, max missed payments and auto-remove at
 * the next look at a member's standing; the emergency fund only while recruiting.
 */
export async function changeSettings(
  w: World,
  g: MGroup,
  actor: number,
  cmd: SettingsCommand,
  label: string,
) {
  const current = await readGroupSettings(w.r.ctx, session(w.m, g.admin), g.id);
  const emergency = cmd.emergency ?? g.emergencyPercent;
  const expected: ErrorCode | null =
    adminRefusal(g, actor) ??
    (emergency !== g.emergencyPercent && g.status !== 'recruiting' ? 'EMERGENCY_FUND_LOCKED' : null);
  const done = await attempt(w, label, expected, () =>
    writeGroupSettings(w.r.ctx, session(w.m, actor), g.id, {
      ...current.settings,
      gracePeriodDays: cmd.grace,
      penaltyPercentage: cmd.penalty,
      maxMissedPayments: cmd.maxMissed,
      autoRemoveInactive: cmd.autoRemove,
      emergencyFundPercentage: emergency,
    }),
  );
  if (!done) return;
  expect(done.settings.autoPayoutEnabled, `${label}: auto-payout kept`).toBe(g.autoPayout);
  Object.assign(g, {
    grace: cmd.grace,
    penaltyPercent: cmd.penalty,
    maxMissed: cmd.maxMissed,
    autoRemove: cmd.autoRemove,
    emergencyPercent: emergency,
  });
  w.stats.settingsChanged += 1;
}
