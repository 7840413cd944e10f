import { z } from 'zod';
import { applicationFields, myApplicationSchema } from './applications.ts';
import { dbIdParam } from './ids.ts';
import { text } from './text.ts';

/** How long an invitation link works; a resend starts the time again. */
export const INVITATION_TTL_DAYS = 7;

/** Trimmed, lower-cased and bounded like a sign-up address, so one person has one invitation per circle. */
export const invitationEmail = z
  .string({ error: 'invalidEmail' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'invalidEmail' })
  .pipe(z.email({ error: 'invalidEmail' }));

/** POST /api/groups/{id}/invite: the spec's body. */
export const inviteSchema = z.strictObject({ email: invitationEmail });
export type InviteInput = z.input<typeof inviteSchema>;

export const invitationParams = z.strictObject({ id: dbIdParam, invitationId: dbIdParam });

/** The link's token: 256 random bits in base64url; anything else names nothing. */
export const invitationTokenParam = z.strictObject({
  token: text({ min: 1, max: 200, messages: { required: 'invalidInput', max: 'invalidInput' } }),
});

/** Accepting into a circle that reviews its members files a request to join with these fields. */
export const acceptInvitationSchema = z.strictObject(applicationFields).default({});

export const invitationStatuses = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

/** Spec 001 §3 Invitation, as the circle's admins see it. */
export const invitationSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  email: z.string(),
  /** The admin who sent it (null once their account is gone). */
  invitedBy: z.number().int().nullable(),
  invitedByName: z.string().nullable(),
  invitedDate: z.string(),
  /** When the current link went out (a resend moves it). */
  sentAt: z.string(),
  expiresAt: z.string(),
  /** A pending invitation past its expiry reads as expired. */
  status: z.enum(invitationStatuses),
  closedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const inviteReply = z.object({
  success: z.literal(true),
  message: z.string(),
  invitation: invitationSchema,
});
export type InviteReply = z.infer<typeof inviteReply>;

/** GET /api/groups/{id}/invitations: open ones first, then the latest closed ones. */
export const invitationsReply = z.object({ invitations: z.array(invitationSchema) });
export type InvitationsReply = z.infer<typeof invitationsReply>;

export const revokeInvitationReply = z.object({ success: z.literal(true), invitation: invitationSchema });

/** GET /api/invitations/{token}: what the invitee sees before accepting. */
export const invitationViewReply = z.object({
  invitation: z.object({
    email: z.string(),
    invitedByName: z.string().nullable(),
    expiresAt: z.string(),
    status: z.literal('pending'),
  }),
  group: z.object({
    id: z.number().int(),
    name: z.string(),
    status: z.enum(['recruiting', 'active', 'completed']),
    contributionAmount: z.string(),
    frequency: z.enum(['weekly', 'bi-weekly', 'monthly']),
    memberLimit: z.number().int(),
    currentMembers: z.number().int(),
    requireApproval: z.boolean(),
  }),
  /** Already a member of this circle (nothing left to accept). */
  alreadyMember: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationViewReply>;

/** Accepted: joined at once (200), or a request to join filed for a circle that reviews members (202). */
export const acceptInvitationReply = z.object({
  success: z.literal(true),
  message: z.string(),
  groupId: z.number().int(),
  status: z.enum(['recruiting', 'active']),
});
export const acceptInvitationAppliedReply = acceptInvitationReply.extend({
  status: z.enum(['recruiting', 'active', 'completed']),
  application: myApplicationSchema,
});
export type AcceptInvitationReply = z.infer<typeof acceptInvitationReply> & {
  application?: z.infer<typeof myApplicationSchema>;
};
