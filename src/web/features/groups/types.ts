/** The group API replies this feature reads; their contracts are in shared/schemas. */

import type { z } from 'zod';
import type { createdGroupReply, inviteLookupReply, joinedReply } from '#shared/schemas/groups.ts';

export type { Frequency, GroupStatus, GroupSummary, RotationMethod } from '#shared/schemas/group-view.ts';

/** GET /api/groups/invite/{code}: what someone holding the code may see before joining. */
export type InviteLookup = z.infer<typeof inviteLookupReply>;

/** POST /api/groups reply (the group, with its invite code). */
export type CreatedGroup = z.infer<typeof createdGroupReply>;

export type JoinResult = z.infer<typeof joinedReply>;
