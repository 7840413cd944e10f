import type { SafeguardType } from '#shared/safeguards.ts';
import { onApprovedAction } from '../pending-actions/executors.ts';
import { applySafeguardChange } from './apply.ts';

/** An approved safeguard change takes effect. */
export function subscribeSafeguardsToApprovals() {
  onApprovedAction('update_safeguard', async (ctx, tx, group, action) => {
    const payload = action.payload;
    await applySafeguardChange(ctx, tx, group, action.requestedBy, {
      type: payload.ruleId as SafeguardType,
      enabled: payload.enabled as boolean,
      config: payload.configuration as Record<string, number>,
    });
  });
}
