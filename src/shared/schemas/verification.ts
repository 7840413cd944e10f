import { getCountries } from 'libphonenumber-js';
import { z } from 'zod';
import { toE164 } from '../phone.ts';
import { trustLevels, verificationStatuses } from '../verification.ts';
import { claimedUserId } from './ids.ts';
import { text } from './text.ts';

/** The spec sends the acting user's id; the server takes identity from the session (403 if they differ). */
const userId = claimedUserId;

const countries = new Set<string>(getCountries());

export const phoneNumberField = z
  .string({ error: 'phoneNumberInvalid' })
  .trim()
  .max(40, { error: 'phoneNumberInvalid' })
  .refine((text) => toE164(text) !== null, { error: 'phoneNumberInvalid' });

export const verificationCodeField = z
  .string({ error: 'verificationCodeFormat' })
  .trim()
  .regex(/^\d{6}$/, { error: 'verificationCodeFormat' });

/**
 * POST /api/verification/phone: without `code` it texts a code to `phoneNumber`; with it, it checks
 * the code (against the latest one sent, which must have gone to `phoneNumber` when that is given).
 */
export const phoneVerificationSchema = z
  .strictObject({
    userId,
    phoneNumber: phoneNumberField.optional(),
    code: verificationCodeField.optional(),
  })
  .refine((body) => body.code !== undefined || body.phoneNumber !== undefined, {
    error: 'phoneNumberInvalid',
    path: ['phoneNumber'],
  });
export type PhoneVerificationInput = z.infer<typeof phoneVerificationSchema>;

const addressLine = (requiredKey: string) =>
  text({ min: 1, max: 100, messages: { required: requiredKey, max: 'addressLineMax' } });

export const postalAddressFields = {
  line1: addressLine('addressLine1Required'),
  line2: text({ max: 100, messages: { max: 'addressLineMax' } }).optional(),
  city: addressLine('cityRequired'),
  region: addressLine('regionRequired'),
  postalCode: z
    .string({ error: 'postalCodeInvalid' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/, { error: 'postalCodeInvalid' }),
  /** ISO 3166-1 alpha-2, e.g. US. */
  country: z
    .string({ error: 'countryRequired' })
    .trim()
    .refine((code) => countries.has(code), { error: 'countryRequired' }),
};
export const postalAddressSchema = z.strictObject(postalAddressFields);
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** POST /api/verification/address: records the address and mails a code to it. */
export const addressVerificationSchema = z.strictObject({ userId, ...postalAddressFields });

/** POST /api/verification/address/confirm: the code from the letter (days later, so no address again). */
export const confirmAddressSchema = z.strictObject({ userId, code: verificationCodeField });

/** The spec's payload for the identity and enhanced bank calls: only who is asking. */
export const verificationStartSchema = z.strictObject({ userId }).nullish();

const status = z.enum(verificationStatuses);

export const verificationChecksSchema = z.object({
  identity: status,
  bankAccount: status,
  /** The check's status; the address itself is `postalAddress`. */
  address: status,
  phone: status,
});

/** GET /api/verification: the spec's Verification entity for the signed-in person, and their own details. */
export const ownVerificationSchema = verificationChecksSchema.extend({
  overallScore: z.number().int(),
  /** From the overall score: 80+ high, 70–79 medium, below low; nothing verified at all: unverified. */
  trustLevel: z.enum(trustLevels),
  /** When the overall score reached 80 (verified), else null. */
  verificationDate: z.string().nullable(),
  /** Masked, e.g. "+1 ••••••4567". */
  phoneNumber: z.string().nullable(),
  postalAddress: postalAddressSchema.nullable(),
});
export type OwnVerification = z.infer<typeof ownVerificationSchema>;

export const trustFactorKeys = ['on_time', 'late', 'missed', 'verification', 'peer_ratings'] as const;

/** Why a trust score is what it is: the factors add up to the score (before it is kept within 0–100). */
export const trustExplanationSchema = z.object({
  score: z.number().int(),
  level: z.enum(['high', 'medium', 'low']),
  factors: z.array(
    z.object({ key: z.enum(trustFactorKeys), points: z.number().int(), maxPoints: z.number().int() }),
  ),
  paymentRecord: z.object({
    /** Contributions paid or overdue: the ones the on-time rate is taken over. */
    counted: z.number().int(),
    onTime: z.number().int(),
    late: z.number().int(),
    missed: z.number().int(),
    /** Percent, or null with no history (the on-time part is then neutral). */
    onTimeRate: z.number().int().nullable(),
  }),
  /** The person's peer ratings over every circle they are rated in (average to one decimal, null with none). */
  peerRatings: z.object({ count: z.number().int(), average: z.number().nullable() }),
});
export type TrustExplanation = z.infer<typeof trustExplanationSchema>;

const memberTrust = {
  userId: z.number().int(),
  fullName: z.string(),
  overallScore: z.number().int(),
  trustLevel: z.enum(trustLevels),
  trustScore: z.number().int(),
  explanation: trustExplanationSchema,
};

/** GET /api/groups/:groupId/verification. */
export const groupVerificationSchema = z.object({
  /** Percent of members whose overall score is at least 80. */
  verificationRate: z.number().int(),
  verifiedMembers: z.number().int(),
  memberCount: z.number().int(),
  me: ownVerificationSchema.extend({ trustScore: z.number().int(), explanation: trustExplanationSchema }),
  members: z.array(z.object(memberTrust)),
  /** Admins only (null for other members): every member's four checks. */
  adminOverview: z
    .array(
      verificationChecksSchema.extend({
        userId: z.number().int(),
        fullName: z.string(),
        overallScore: z.number().int(),
      }),
    )
    .nullable(),
});
export type GroupVerification = z.infer<typeof groupVerificationSchema>;

export const identityVerificationReplySchema = z.object({ verificationUrl: z.string() });

export const enhancedBankVerificationReplySchema = z.object({
  sessionId: z.string(),
  /** The spec's field: the bank-link session's client secret. */
  sessionSecret: z.string(),
  /** The provider's hosted page, or null when its browser script links instead (Stripe.js). */
  url: z.string().nullable(),
  publishableKey: z.string().nullable(),
});

// ---- Replies of the phone and address checks ----

/** A code was sent; it works until `expiresAt`. */
export const codeSentReply = z.object({
  success: z.literal(true),
  message: z.string(),
  expiresAt: z.string(),
});

/** POST /api/verification/phone without a code: one was sent to this number. */
export const phoneCodeSentReply = codeSentReply.extend({ phoneNumber: z.string() });

/** A code was accepted: the person's checks as they now stand. */
export const verificationConfirmedReply = z.object({
  success: z.literal(true),
  verification: ownVerificationSchema,
});

/** POST /api/verification/phone: a code sent, or (with a code) the number confirmed. */
export const phoneVerificationReply = z.union([verificationConfirmedReply, phoneCodeSentReply]);
export type PhoneVerificationReply = z.infer<typeof phoneVerificationReply>;
export type IdentityVerificationReply = z.infer<typeof identityVerificationReplySchema>;
export type EnhancedBankVerificationReply = z.infer<typeof enhancedBankVerificationReplySchema>;
export type PhoneCodeSentReply = z.infer<typeof phoneCodeSentReply>;
