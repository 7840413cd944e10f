/** Shapes of the group API replies this feature reads (see src/server/features/groups). */

export type GroupStatus = 'recruiting' | 'active' | 'completed';
export type Frequency = 'weekly' | 'bi-weekly' | 'monthly';
export type RotationMethod = 'join_order' | 'admin_set' | 'random_draw';

/** One row of GET /api/user/groups (also `groups` of the dashboard). */
export type GroupSummary = {
  id: number;
  name: string;
  contributionAmount: string;
  memberLimit: number;
  currentMembers: number;
  currentCycle: number;
  totalCycles: number;
  status: GroupStatus;
  createdBy: number;
  inviteCode?: string;
  payoutAmount: string;
  frequency: Frequency;
  contributionDay: number;
  gracePeriodDays: number;
  startDate: string;
  timeZone: string;
  rotationMethod: RotationMethod;
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
