import type { MemberRecord, MembersReply } from '#shared/schemas/members.ts';
import type { GroupDetail } from '#web/lib/group-detail.ts';
import { LeaveCircleButton } from './leave-circle-button.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

/**
 * The member row's Leave (own row) or Remove (admins, other rows). Never on the owner's row: they
 * transfer ownership first. Co-admins see Remove on a co-admin's row only for the owner, as the server rules.
 */
export function MemberDeparture({
  member,
  detail,
  viewer,
  isViewer,
}: {
  member: MemberRecord;
  detail: GroupDetail;
  viewer: MembersReply['viewer'];
  isViewer: boolean;
}) {
  const { group } = detail;
  if (group.status === 'completed' || member.isOwner) return null;
  if (isViewer) return <LeaveCircleButton groupId={group.id} userId={member.userId} />;
  if (!viewer.isAdmin || (member.role === 'admin' && !viewer.isOwner)) return null;
  return <RemoveMemberDialog groupId={group.id} userId={member.userId} name={member.name} />;
}
