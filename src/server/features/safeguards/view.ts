import { inArray } from 'drizzle-orm';
import type { AppContext } from '#server/app-context.ts';
import { isGroupAdmin, requireMember } from '#server/circle/access.ts';
import { users } from '#server/db/schema.ts';
import { providerInfo } from '#server/payments/provider.ts';
import { safeguardTypes } from '#shared/safeguards.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { loadSafeguards } from './rules.ts';

/** English names and descriptions (the spec's fields); the web app words them in the reader's language. */
const texts = {
  multi_signature: ['Multi-signature release', 'Releasing escrow needs approvals from other members'],
  time_lock: ['Time lock', 'Escrow is released only some hours after it became ready'],
  member_vote: ['Member vote', 'Rotation changes and easing a safeguard need the members’ approval'],
  third_party_custody: [
    'Third-party custody',
    'The pool stays with the payment processor until it is released into a wallet',
  ],
  transaction_limits: ['Transaction limits', 'Caps on members’ single and daily withdrawals'],
} as const;

/** The Security tab's safeguards list and custody facts for the active payment provider. */
export async function safeguardsView(ctx: AppContext, user: SessionUser, groupId: number) {
  const { db } = ctx.database;
  const { group, membership } = await requireMember(db, groupId, user.id);
  const safeguards = await loadSafeguards(db, groupId);
  const editorIds = safeguardTypes
    .map((t) => safeguards[t].modifiedBy)
    .filter((id): id is number => id !== null);
  const editors = editorIds.length
    ? await db
        .select({ id: users.id, fullName: users.fullName })
        .from(users)
        .where(inArray(users.id, editorIds))
    : [];
  const nameOf = new Map(editors.map((e) => [e.id, e.fullName]));
  return {
    safeguards: safeguardTypes.map((type) => {
      const s = safeguards[type];
      return {
        id: type,
        type,
        name: texts[type][0],
        description: texts[type][1],
        enabled: s.enabled,
        configuration: s.config,
        lastModified: s.updatedAt?.toISOString() ?? null,
        modifiedBy: s.modifiedBy === null ? null : (nameOf.get(s.modifiedBy) ?? null),
      };
    }),
    // Who really holds the money: the UI words it truthfully for this provider (no invented insurance).
    custody: providerInfo(ctx.config.payments),
    viewer: {
      isAdmin: isGroupAdmin(group, membership),
      groupStatus: group.status,
      memberCount: group.currentMembers,
    },
  };
}
