/** The toll-free line that /contact and the help centre both name (spec 001 §2.8). */
export const SUPPORT_PHONE = '1-800-555-0142';

/** The number as a tel: link dials it (no dashes). */
export const SUPPORT_PHONE_HREF = `tel:${SUPPORT_PHONE.replaceAll('-', '')}`;
