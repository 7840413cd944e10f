import { z } from 'zod';
import { LANGUAGE_CODES } from '../languages.ts';
import { referralCodeField } from './referrals.ts';
import { text } from './text.ts';

/** ASVS 5.0 6.2.1 asks for at least 8 characters; 128 keeps hashing cheap. Counted as a person counts. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const loginSchema = z.strictObject({
  username: text({ min: 1, max: 200, messages: { required: 'usernameRequired', max: 'invalidInput' } }),
  // As typed (never trimmed), and longer than any password sign-up accepts only to answer "invalid".
  password: text({
    min: 1,
    max: 1024,
    trim: false,
    messages: { required: 'passwordRequired', max: 'invalidInput' },
  }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signUpFields = {
  username: z
    .string({ error: 'usernameMin' })
    .trim()
    .min(3, { error: 'usernameMin' })
    .max(32, { error: 'usernameMax' })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'usernameChars' }),
  email: z
    .string({ error: 'invalidEmail' })
    .trim()
    .max(254, { error: 'invalidEmail' })
    .pipe(z.email({ error: 'invalidEmail' })),
  fullName: text({ min: 2, max: 100, messages: { required: 'fullNameMin', max: 'fullNameMax' } }),
  password: text({
    min: PASSWORD_MIN,
    max: PASSWORD_MAX,
    trim: false,
    messages: { required: 'passwordMin', max: 'passwordMax' },
  }),
};

export { LANGUAGE_CODES };
export const languageSchema = z.enum(LANGUAGE_CODES, { error: 'invalidInput' });

/**
 * What the API accepts: the confirmation is checked in the form and never sent. The language the
 * form was shown in becomes the language of the user's emails.
 */
export const registerSchema = z.strictObject({
  ...signUpFields,
  language: languageSchema.optional(),
  /** From a `?ref=CODE` visit: credits the referrer (unknown codes are ignored). */
  referralCode: referralCodeField.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const signUpFormSchema = z
  .object({ ...signUpFields, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'passwordsDontMatch',
    path: ['confirmPassword'],
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  email: z.string(),
  bankAccountLast4: z.string().nullable(),
  bankAccountVerified: z.boolean(),
  isOperator: z.boolean(),
  /** Whether the address has been confirmed through the link sent at sign-up. */
  emailVerified: z.boolean(),
  /** The language of the emails the user receives. */
  language: z.string(),
  /** IANA zone for the user's own dates (set in /settings; 'UTC' until then). */
  timeZone: z.string(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/forgot-password: the reply is the same whether or not an account has this address. */
export const forgotPasswordSchema = z.strictObject({ email: signUpFields.email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A link's token: 256 random bits in base64url (43 characters); anything else names nothing. */
const linkToken = text({ min: 1, max: 200, messages: { required: 'invalidInput', max: 'invalidInput' } });

export const resetPasswordSchema = z.strictObject({ token: linkToken, password: signUpFields.password });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ password: signUpFields.password, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'passwordsDontMatch',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const verifyEmailSchema = z.strictObject({ token: linkToken });
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;
