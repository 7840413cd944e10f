import { z } from 'zod';

const requiredText = (key: string) => z.string({ error: key }).min(1, { error: key });

export const loginSchema = z.strictObject({
  username: requiredText('usernameRequired').max(200, { error: 'invalidInput' }),
  password: requiredText('passwordRequired').max(1024, { error: 'invalidInput' }),
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
  fullName: z
    .string({ error: 'fullNameMin' })
    .trim()
    .min(2, { error: 'fullNameMin' })
    .max(100, { error: 'fullNameMax' }),
  password: z
    .string({ error: 'passwordMin' })
    .min(6, { error: 'passwordMin' })
    .max(128, { error: 'passwordMax' }),
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
