/** Shapes of the group API replies this feature reads (see src/server/features/groups). */

import type { Frequency, GroupStatus, GroupView, RotationMethod } from '#shared/schemas/group-view.ts';

export type { Frequency, GroupStatus, RotationMethod } from '#shared/schemas/group-view.ts';

/** One row of GET /api/user/groups (also `groups` of the dashboard). */
export type GroupSummary = GroupView & {
  contributionProgress: number;
  nextRecipient: string | null;
  payoutDate: string | null;
  dueDate: string | null;
  balance: string;
  myPosition: number | null;
  hasReceivedPayout: boolean;
};

/** GET /api/groups/invite/{code}: what someone holding the code may see before joining. */
export type InviteLookup = {
  group: {
    id: number;
    name: string;
    status: GroupStatus;
    currentMembers: number;
    memberLimit: number;
    contributionAmount: string;
    frequency: Frequency;
    requireApproval: boolean;
    rotationMethod: RotationMethod;
    seedHash: string | null;
  };
  members: { id: number; user: { fullName: string } }[];
};

/** POST /api/groups reply (the group, with its invite code). */
export type CreatedGroup = { id: number; name: string; inviteCode: string };

export type JoinResult = { success: true; message: string; groupId: number; status: GroupStatus };
