import type { GroupDetail } from '../queries.ts';

/** Work in progress: replaced by the real tab. */
export function AutoPayTab(_props: { detail: GroupDetail }) {
  return null;
}
