import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/** The keys under which system messages and notifications carry a member's name (core/group-chat.ts). */
const NAME_KEYS = ['memberName', 'recipientName', 'adminName'] as const;

/**
 * System messages and other members' notifications copied the member's name when they were written;
 * in the circles the member belonged to, those copies become the anonymised name too. Matched by the
 * name itself (they carry no user id), so a namesake in the same circle would be renamed as well: an
 * accepted cost, as the name then says less, never more.
 */
export async function scrubCopiedNames(tx: Db, userId: number, oldName: string, newName: string) {
  const circles = sql`(select group_id from group_members where user_id = ${userId})`;
  for (const key of NAME_KEYS) {
    const path = `{${key}}`;
    await tx.execute(sql`
      update group_messages
         set system_params = jsonb_set(system_params, ${path}::text[], to_jsonb(${newName}::text))
       where group_id in ${circles} and system_params ->> ${key} = ${oldName}`);
    await tx.execute(sql`
      update notifications
         set data = jsonb_set(data, ${path}::text[], to_jsonb(${newName}::text))
       where group_id in ${circles} and data ->> ${key} = ${oldName}`);
  }
}
