/** A group as the API shows it to its members (GET /api/groups/{id}, list rows, dashboard cards). */
export type GroupStatus = 'recruiting' | 'active' | 'completed';
export type Frequency = 'weekly' | 'bi-weekly' | 'monthly';
export type RotationMethod = 'join_order' | 'admin_set' | 'random_draw';

export type GroupView = {
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
  requireApproval: boolean;
  penaltyPercentage: number;
  autoPayout: boolean;
  /** Days before the due date that members are reminded. */
  reminderDays: number;
  /** Percent of contributions paid before the pool can be released. */
  minContributionThreshold: number;
  /** Paused by an admin: no escrow is released until it is unfrozen. */
  frozen: boolean;
  frozenReason: string | null;
  seedHash: string | null;
  seed: string | null;
  createdAt: string;
};
