import { z } from 'zod';
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

const signUpFields = {
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

/** What the API accepts: the confirmation is checked in the form and never sent. */
export const registerSchema = z.strictObject(signUpFields);
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
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  user: publicUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
