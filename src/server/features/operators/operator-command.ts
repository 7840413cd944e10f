import type { Db } from '#server/db/client.ts';
import { demoteOperator, listOperators, promoteOperator } from './operator-accounts.ts';

export const OPERATOR_USAGE = 'Usage: npm run operator -- promote NAME | demote NAME | list';

/** `npm run operator -- …` (scripts/operator.ts): what to print and the exit code. */
export async function runOperatorCommand(
  db: Db,
  args: string[],
): Promise<{ lines: string[]; exitCode: number }> {
  const [action, username, ...extra] = args;
  if (action === 'list' && username === undefined) {
    const operators = await listOperators(db);
    if (operators.length === 0) return { lines: ['No operators.'], exitCode: 0 };
    const how = { env: 'from OPERATOR_USERNAMES', command: 'promoted by command' } as const;
    return {
      lines: operators.map((o) => `${o.username}\t${o.fullName}\t${o.source ? how[o.source] : ''}`.trimEnd()),
      exitCode: 0,
    };
  }
  if ((action !== 'promote' && action !== 'demote') || !username || extra.length > 0)
    return { lines: [OPERATOR_USAGE], exitCode: 2 };
  const change =
    action === 'promote' ? await promoteOperator(db, username) : await demoteOperator(db, username);
  if (change === 'unknown-user') return { lines: [`No user named "${username}".`], exitCode: 1 };
  const messages = {
    promote: {
      changed: `${username} is now an operator.`,
      unchanged: `${username} is already an operator (promoted by command).`,
    },
    demote: {
      changed: `${username} is no longer an operator. If the name is in OPERATOR_USERNAMES, the next server start makes it one again.`,
      unchanged: `${username} is not an operator.`,
    },
  };
  return { lines: [messages[action][change]], exitCode: 0 };
}
