import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Numbers typed without a "+" and country code are read as US numbers (the bank rails are US ACH). */
const DEFAULT_COUNTRY = 'US';

/** The E.164 form (+15551234567) of a number a person typed, or null when it is not a valid number. */
export function toE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

/** "+1 ••••••4567": enough to recognise one's own number, not enough to call it. */
export function maskPhoneNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return '••••';
  const national = parsed.nationalNumber;
  return `+${parsed.countryCallingCode} ${'•'.repeat(Math.max(0, national.length - 4))}${national.slice(-4)}`;
}
