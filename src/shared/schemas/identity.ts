import { z } from 'zod';
import { isCalendarDate } from '../calendar.ts';
import { DOCUMENT_NUMBER_PATTERN, identityDocumentTypes } from '../identity.ts';
import { text } from './text.ts';

/** A plausible birth date: a real calendar date from 1900 up to today. */
function isBirthDate(text: string) {
  return isCalendarDate(text) && text >= '1900-01-01' && text <= new Date().toISOString().slice(0, 10);
}

/**
 * What a person shows on the sandbox's identity page. Checked, used to decide the outcome, and
 * forgotten: none of it is stored.
 */
export const sandboxIdentitySchema = z.strictObject({
  legalName: text({ min: 2, max: 100, messages: { required: 'fullNameMin', max: 'fullNameMax' } }),
  dateOfBirth: z.string({ error: 'dateOfBirthInvalid' }).trim().refine(isBirthDate, {
    error: 'dateOfBirthInvalid',
  }),
  documentType: z.enum(identityDocumentTypes, { error: 'documentTypeRequired' }),
  // People type numbers with spaces or dashes and in either case; the document prints them plainly.
  documentNumber: z
    .string({ error: 'documentNumberInvalid' })
    .transform((text) => text.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(DOCUMENT_NUMBER_PATTERN, { error: 'documentNumberInvalid' })),
});
export type SandboxIdentityInput = z.input<typeof sandboxIdentitySchema>;

export const identitySessionParam = z.strictObject({ session: text({ min: 1, max: 200 }) });

export const sandboxIdentitySessionSchema = z.object({
  status: z.enum(['open', 'submitted']),
  /** Once submitted: what the sandbox decided (the person's records learn it after the settlement delay). */
  outcome: z.enum(['verified', 'failed']).nullable(),
  settlementSeconds: z.number().int(),
});
export type SandboxIdentitySession = z.infer<typeof sandboxIdentitySessionSchema>;
