import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  bankAccounts,
  calendarFeeds,
  contributions,
  groupAnnouncements,
  groupApplications,
  groupMembers,
  groupMessages,
  groups,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  memberWarnings,
  notifications,
  payouts,
  peerRatings,
  reportSchedules,
  sandboxIdentitySubmissions,
  sessions,
  users,
  userVerifications,
  withdrawals,
} from '#server/db/schema.ts';
import type { AccountExport } from '#shared/schemas/account-data.ts';

/** Each list is the user's own rows; this bounds a pathological account's export. */
const MAX_ROWS = 10_000;

type Row = Record<string, unknown>;
/** Dates as ISO text, as the JSON file will hold them. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/**
 * Everything SaveCircle holds about one user (decision 0028), for them to download. Never a password
 * hash, token hash, processor reference or full account number: bank accounts show the last four digits.
 */
export async function exportAccountData(db: Db, userId: number, now: Date): Promise<AccountExport> {
  const [profile] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      emailVerifiedAt: users.emailVerifiedAt,
      bankAccountLast4: users.bankAccountLast4,
      bankAccountVerified: users.bankAccountVerified,
      isOperator: users.isOperator,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));

  const memberships = await db
    .select({
      groupId: groupMembers.groupId,
      groupName: groups.name,
      groupStatus: groups.status,
      timeZone: groups.timeZone,
      role: groupMembers.role,
      position: groupMembers.position,
      hasReceivedPayout: groupMembers.hasReceivedPayout,
      joinedAt: groupMembers.joinedAt,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupMembers.id))
    .limit(MAX_ROWS);

  const own = async <T>(query: Promise<T[]>) => plain(await query) as Row[];

  const walletAccounts = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const walletRows = walletAccounts.length
    ? await db
        .select({
          id: ledgerEntries.id,
          at: ledgerTransfers.createdAt,
          kind: ledgerTransfers.kind,
          groupId: ledgerTransfers.groupId,
          memo: ledgerTransfers.memo,
          amountCents: ledgerEntries.amountCents,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .where(
          inArray(
            ledgerEntries.accountId,
            walletAccounts.map((a) => a.id),
          ),
        )
        .orderBy(asc(ledgerEntries.id))
        .limit(MAX_ROWS)
    : [];
  let balance = 0;
  const walletEntries = walletRows.map((entry) => {
    balance += entry.amountCents;
    return { ...entry, balanceAfterCents: balance };
  });

  const [verification] = await db
    .select({
      identityStatus: userVerifications.identityStatus,
      identityFailureReason: userVerifications.identityFailureReason,
      identityVerifiedAt: userVerifications.identityVerifiedAt,
      phoneStatus: userVerifications.phoneStatus,
      phoneNumber: userVerifications.phoneNumber,
      phoneVerifiedAt: userVerifications.phoneVerifiedAt,
      addressStatus: userVerifications.addressStatus,
      address: userVerifications.address,
      addressVerifiedAt: userVerifications.addressVerifiedAt,
      updatedAt: userVerifications.updatedAt,
    })
    .from(userVerifications)
    .where(eq(userVerifications.userId, userId));
  const identityDocuments = await db
    .select({
      documentType: sandboxIdentitySubmissions.documentType,
      outcome: sandboxIdentitySubmissions.outcome,
    })
    .from(sandboxIdentitySubmissions)
    .where(eq(sandboxIdentitySubmissions.userId, userId));

  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt, lastFetchedAt: calendarFeeds.lastFetchedAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));

  return plain({
    exportedAt: now.toISOString(),
    profile: profile ?? {},
    memberships,
    contributions: await own(
      db
        .select({
          id: contributions.id,
          groupId: contributions.groupId,
          cycle: contributions.cycle,
          amountCents: contributions.amountCents,
          status: contributions.status,
          dueDate: contributions.dueDate,
          paidAt: contributions.paidAt,
          paymentMethod: contributions.paymentMethod,
          reference: contributions.reference,
          late: contributions.late,
          penaltyCents: contributions.penaltyCents,
          penaltyStatus: contributions.penaltyStatus,
          createdAt: contributions.createdAt,
        })
        .from(contributions)
        .where(eq(contributions.userId, userId))
        .orderBy(asc(contributions.id))
        .limit(MAX_ROWS),
    ),
    payouts: await own(
      db
        .select({
          id: payouts.id,
          groupId: payouts.groupId,
          cycle: payouts.cycle,
          amountCents: payouts.amountCents,
          feeCents: payouts.feeCents,
          poolCents: payouts.poolCents,
          status: payouts.status,
          delivery: payouts.delivery,
          deliveryMethod: payouts.deliveryMethod,
          receiptStatus: payouts.receiptStatus,
          receivedCents: payouts.receivedCents,
          scheduledDate: payouts.scheduledDate,
          paidAt: payouts.paidAt,
        })
        .from(payouts)
        .where(eq(payouts.recipientId, userId))
        .orderBy(asc(payouts.id))
        .limit(MAX_ROWS),
    ),
    walletEntries,
    withdrawals: await own(
      db
        .select({
          id: withdrawals.id,
          method: withdrawals.method,
          amountCents: withdrawals.amountCents,
          feeCents: withdrawals.feeCents,
          status: withdrawals.status,
          bankAccountId: withdrawals.bankAccountId,
          recipientInfo: withdrawals.recipientInfo,
          createdAt: withdrawals.createdAt,
        })
        .from(withdrawals)
        .where(eq(withdrawals.userId, userId))
        .orderBy(asc(withdrawals.id))
        .limit(MAX_ROWS),
    ),
    bankAccounts: await own(
      db
        .select({
          id: bankAccounts.id,
          bankName: bankAccounts.bankName,
          last4: bankAccounts.last4,
          accountType: bankAccounts.accountType,
          status: bankAccounts.status,
          createdAt: bankAccounts.createdAt,
          verifiedAt: bankAccounts.verifiedAt,
          removedAt: bankAccounts.removedAt,
        })
        .from(bankAccounts)
        .where(eq(bankAccounts.userId, userId))
        .orderBy(asc(bankAccounts.id))
        .limit(MAX_ROWS),
    ),
    notifications: await own(
      db
        .select({
          id: notifications.id,
          type: notifications.type,
          groupId: notifications.groupId,
          data: notifications.data,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id))
        .limit(MAX_ROWS),
    ),
    chatMessages: await own(
      db
        .select({
          id: groupMessages.id,
          groupId: groupMessages.groupId,
          message: groupMessages.message,
          messageType: groupMessages.messageType,
          createdAt: groupMessages.createdAt,
        })
        .from(groupMessages)
        .where(eq(groupMessages.userId, userId))
        .orderBy(asc(groupMessages.id))
        .limit(MAX_ROWS),
    ),
    announcements: await own(
      db
        .select({
          id: groupAnnouncements.id,
          groupId: groupAnnouncements.groupId,
          title: groupAnnouncements.title,
          content: groupAnnouncements.content,
          priority: groupAnnouncements.priority,
          audience: groupAnnouncements.audience,
          createdAt: groupAnnouncements.createdAt,
        })
        .from(groupAnnouncements)
        .where(eq(groupAnnouncements.createdBy, userId))
        .orderBy(asc(groupAnnouncements.id))
        .limit(MAX_ROWS),
    ),
    applications: await own(
      db
        .select({
          id: groupApplications.id,
          groupId: groupApplications.groupId,
          reason: groupApplications.reason,
          monthlyIncomeCents: groupApplications.monthlyIncomeCents,
          creditScore: groupApplications.creditScore,
          referredBy: groupApplications.referredBy,
          status: groupApplications.status,
          decisionReason: groupApplications.decisionReason,
          createdAt: groupApplications.createdAt,
        })
        .from(groupApplications)
        .where(eq(groupApplications.userId, userId))
        .orderBy(asc(groupApplications.id))
        .limit(MAX_ROWS),
    ),
    // The ratings they wrote; ratings of them are other people's words and stay out.
    peerRatingsGiven: await own(
      db
        .select({
          groupId: peerRatings.groupId,
          rateeId: peerRatings.rateeId,
          stars: peerRatings.stars,
          comment: peerRatings.comment,
          createdAt: peerRatings.createdAt,
          updatedAt: peerRatings.updatedAt,
        })
        .from(peerRatings)
        .where(eq(peerRatings.raterId, userId))
        .orderBy(asc(peerRatings.id))
        .limit(MAX_ROWS),
    ),
    warningsReceived: await own(
      db
        .select({
          groupId: memberWarnings.groupId,
          reason: memberWarnings.reason,
          createdAt: memberWarnings.createdAt,
        })
        .from(memberWarnings)
        .where(eq(memberWarnings.userId, userId))
        .orderBy(asc(memberWarnings.id))
        .limit(MAX_ROWS),
    ),
    verification: verification ? { ...verification, identityDocuments } : null,
    sessions: await own(
      db
        .select({
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(MAX_ROWS),
    ),
    calendarFeed: feed ?? null,
    reportSchedules: await own(
      db
        .select({
          kind: reportSchedules.kind,
          active: reportSchedules.active,
          createdAt: reportSchedules.createdAt,
          updatedAt: reportSchedules.updatedAt,
        })
        .from(reportSchedules)
        .where(eq(reportSchedules.userId, userId)),
    ),
  });
}
