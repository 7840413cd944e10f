/**
 * How often the chat screens ask again (the spec's 3-second poll). One place on purpose: when the
 * live stream lands, this becomes "poll only while the stream is down" (features/live's status).
 */
export const CHAT_POLL_MS = 3000;

export function chatPollInterval(): number | false {
  return CHAT_POLL_MS;
}
