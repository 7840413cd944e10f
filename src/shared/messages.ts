/**
 * Validation message keys used by the shared zod schemas, with the spec's English text.
 * Schemas carry the key; the server answers with the English text, the web app shows
 * `t('validation.<key>')`. The i18n test checks en.json says exactly these texts.
 */
export const validationMessages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 32 characters',
  usernameChars: 'Username may only use letters, numbers, dots, dashes and underscores',
  invalidEmail: 'Invalid email address',
  fullNameMin: 'Full name must be at least 2 characters',
  fullNameMax: 'Full name must be at most 100 characters',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordsDontMatch: "Passwords don't match",
  groupNameRequired: 'Group name is required',
  freezeReasonRequired: 'Please say why the circle is being frozen',
  withdrawalMethodRequired: 'Please select a withdrawal method',
  wireDetailsRequired: 'Please enter the wire transfer details',
  mailingAddressRequired: 'Please enter the mailing address for the check',
  groupNameMax: 'Group name must be at most 80 characters',
  amountFormat: 'Enter an amount in dollars and cents, like 25 or 25.50',
  contributionMin: 'Contribution amount must be at least $1',
  memberLimitMin: 'Must have at least 3 members',
  memberLimitMax: 'Cannot exceed 20 members',
  gracePeriodRange: 'Grace period must be between 0 and 14 days',
  invalidDate: 'Enter a valid date',
  contributionDayRange: 'Choose a day of the month (1-31) or a day of the week',
  inviteCodeRequired: 'Please enter an invite code',
  goalMin: 'Goals must be at least $1',
  reasonRequired: 'Please give a reason',
  thresholdRange: 'The minimum threshold must be between 50% and 100%',
  invalidInput: 'Invalid input',
  joinReasonRequired: 'Please tell the admins why you want to join',
  reasonMax: 'Keep the reason to 500 characters or fewer',
  creditScoreRange: 'Credit scores run from 300 to 850',
  referredByMax: 'Keep the referrer to 100 characters or fewer',
  reminderDaysRange: 'Reminders can go out 0 to 14 days before the due date',
  bankNameRequired: 'Bank name is required',
  bankNameMax: 'Bank name must be at most 80 characters',
  routingNumberInvalid: 'Enter a valid 9-digit routing number',
  accountNumberInvalid: 'Account numbers are 4 to 17 digits',
  accountNumbersDontMatch: "Account numbers don't match",
  accountTypeRequired: 'Choose checking or savings',
  microDepositAmount: 'Enter each deposit in dollars, under $1, like 0.32',
  safeguardUnknown: 'Choose one of the five safeguards',
  phoneNumberInvalid: 'Enter a valid phone number with its country code, like +1 202 555 0123',
  verificationCodeFormat: 'Enter the 6-digit code',
  addressLine1Required: 'Enter the street address',
  addressLineMax: 'Keep each address line to 100 characters or fewer',
  cityRequired: 'Enter the city or town',
  regionRequired: 'Enter the state, province or region',
  postalCodeInvalid: 'Enter a valid postal code',
  countryRequired: 'Choose a country',
  dateOfBirthInvalid: 'Enter a valid date of birth',
  documentTypeRequired: 'Choose a document type',
  documentNumberInvalid: 'Document numbers are 4 to 20 letters and digits',
  textCharacters: 'Remove invisible or control characters from this text',
  textTooLong: 'This text is too long',
  timeZoneUnknown: 'Choose a valid time zone',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;

export function validationText(key: string): string {
  return (validationMessages as Record<string, string>)[key] ?? validationMessages.invalidInput;
}
