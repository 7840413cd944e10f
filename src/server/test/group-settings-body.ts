import type { GroupSettings } from '#shared/schemas/group-settings.ts';

/** A whole, valid PUT …/settings body with everyday values; tests spread it and change what they need. */
export const typicalGroupSettings: GroupSettings = {
  gracePeriodDays: 3,
  penaltyPercentage: 5,
  requireApproval: false,
  minCreditScore: 650,
  autoRejectBelowMinCredit: false,
  maxMissedPayments: 2,
  autoRemoveInactive: true,
  peerRatingEnabled: true,
  autoPayoutEnabled: false,
  emergencyFundPercentage: 0,
  communicationRestrictions: false,
};
