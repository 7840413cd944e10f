import { REFERRAL_CODE_PATTERN } from '#shared/referral-code.ts';

const STORAGE_KEY = 'savecircle-referral-code';

/**
 * A `?ref=CODE` visit: the code is kept (in this browser, across tabs and days) until a sign-up
 * sends it. Only well-formed codes are kept, so a stray value can never make the sign-up fail.
 */
export function captureReferralCode(search = window.location.search) {
  const code = new URLSearchParams(search).get('ref')?.trim();
  if (!code || !REFERRAL_CODE_PATTERN.test(code)) return;
  try {
    localStorage.setItem(STORAGE_KEY, code.toUpperCase());
  } catch {
    // Storage refused (private mode): the referral is simply not credited.
  }
}

/** The code to send with a sign-up, if a referral link brought this browser here. */
export function storedReferralCode(): string | undefined {
  try {
    const code = localStorage.getItem(STORAGE_KEY);
    return code && REFERRAL_CODE_PATTERN.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** After a sign-up: the code has been used. */
export function forgetReferralCode() {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
