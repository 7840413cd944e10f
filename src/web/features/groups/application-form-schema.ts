import { z } from 'zod';
import { type ApplicationInput, applicationSchema } from '#shared/schemas/applications.ts';

const dollars = /^\d{1,8}(\.\d{1,2})?$/;

/** The request form: text inputs, checked with the shared messages, turned into the API body on submit. */
export const applicationFormSchema = z.object({
  reason: applicationSchema.shape.reason,
  monthlyIncome: z
    .string()
    .trim()
    .refine((v) => v === '' || dollars.test(v), { error: 'amountFormat' }),
  creditScore: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{3}$/.test(v) && Number(v) >= 300 && Number(v) <= 850), {
      error: 'creditScoreRange',
    }),
  referredBy: z.string().trim().max(100, { error: 'referredByMax' }),
});

export type ApplicationFormValues = z.infer<typeof applicationFormSchema>;

export const emptyApplication: ApplicationFormValues = {
  reason: '',
  monthlyIncome: '',
  creditScore: '',
  referredBy: '',
};

/** Optional fields left empty are simply not sent. */
export function toApplicationBody(values: ApplicationFormValues): ApplicationInput {
  return {
    reason: values.reason,
    ...(values.monthlyIncome && { monthlyIncome: values.monthlyIncome }),
    ...(values.creditScore && { creditScore: Number(values.creditScore) }),
    ...(values.referredBy && { referredBy: values.referredBy }),
  };
}
