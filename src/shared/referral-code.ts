// Plain constants, without zod: the web app's first download keeps a `?ref=` code.

/** The longest code accepted anywhere; the server makes 8-character ones. */
export const REFERRAL_CODE_MAX = 32;
/** What a referral code may look like (the web keeps only such `?ref=` values). */
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;
