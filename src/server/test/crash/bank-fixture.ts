import type { Person } from './circle-fixture.ts';
import { expectReply } from './http-client.ts';

/**
 * Links a sandbox bank account that pays its debits and verifies it with the two micro-deposits
 * the sandbox shows in the notification bell, as a person would on /bank-account.
 */
export async function linkVerifiedBank(baseUrl: string, person: Person): Promise<number> {
  const session = await expectReply(
    200,
    baseUrl,
    'POST',
    '/api/create-financial-connections-session',
    {},
    person.auth,
  );
  const linked = await expectReply(
    200,
    baseUrl,
    'POST',
    '/api/complete-bank-connection',
    {
      sessionId: session.json.sessionId,
      account: {
        bankName: 'Crash Test Credit Union',
        routingNumber: '110000000',
        accountNumber: `0007700${String(person.id).padStart(5, '0')}`,
        accountType: 'checking',
      },
    },
    person.auth,
  );
  const accountId = linked.json.bankAccount.id as number;
  const bell = await expectReply(200, baseUrl, 'GET', '/api/notifications', undefined, person.auth);
  const deposits = bell.json.notifications.find(
    (n: { type: string; data: { bankAccountId?: number } }) =>
      n.type === 'bank_micro_deposits_sent' && n.data.bankAccountId === accountId,
  );
  if (!deposits) throw new Error(`no micro-deposits shown for bank account ${accountId}`);
  await expectReply(
    200,
    baseUrl,
    'POST',
    `/api/bank-accounts/${accountId}/verify`,
    { amounts: [deposits.data.amount1, deposits.data.amount2] },
    person.auth,
  );
  return accountId;
}
