// Plain numbers, apart from the chat's schemas, so a screen that needs only a limit loads no zod.

/** A chat message: long enough for a paragraph, short enough to read on a phone. */
export const MESSAGE_MAX = 2000;
/** The spec's announcement limits (001 §9). */
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_CONTENT_MAX = 500;
/** A report says why in a sentence or two. */
export const REPORT_REASON_MAX = 500;
/** Messages per member per group per minute before "slow down". */
export const MESSAGES_PER_MINUTE = 20;
/** A page of the chat; the client asks for older pages with `before`. */
export const MESSAGE_PAGE_SIZE = 50;
