import type { GroupDetail } from '../queries.ts';

/** Work in progress: replaced by the real tab. */
export function SecurityTab(_props: { detail: GroupDetail }) {
  return null;
}
