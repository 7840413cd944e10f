import type { GroupDetail, Member } from '#web/lib/group-detail.ts';
import { LeaveCircleButton } from './leave-circle-button.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';

/**
 * The member row's Leave (own row) or Remove (admins, other rows). Never on the owner's row: they
 * transfer ownership first. Co-admins see Remove on a co-admin's row only for the owner, as the server rules.
 */
export function MemberDeparture({
  member,
  detail,
  isViewer,
}: {
  member: Member;
  detail: GroupDetail;
  isViewer: boolean;
}) {
  const { group, viewer } = detail;
  if (group.status === 'completed' || member.userId === group.createdBy) return null;
  if (isViewer) return <LeaveCircleButton groupId={group.id} userId={member.userId} />;
  const viewerIsOwner = viewer.userId === group.createdBy;
  if (!viewer.isAdmin || (member.role === 'admin' && !viewerIsOwner)) return null;
  return <RemoveMemberDialog groupId={group.id} userId={member.userId} name={member.user.fullName} />;
}
