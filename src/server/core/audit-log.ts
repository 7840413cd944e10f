import type { Db } from '#server/db/client.ts';
import { statement } from '#server/db/statement.ts';

export type AuditAction =
  | 'sign_up'
  | 'login_success'
  | 'login_failure'
  | 'login_locked'
  | 'logout'
  | 'password_reset_requested'
  | 'password_reset'
  | 'email_verified'
  | 'profile_updated'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_changed'
  | 'session_revoked'
  | 'notification_preferences_updated'
  | 'access_refused'
  | 'group_created'
  | 'group_joined'
  | 'group_activated'
  | 'contribution_reported'
  | 'contribution_confirmed'
  | 'payout_processed'
  | 'group_completed'
  | 'penalty_paid'
  | 'penalty_waived'
  | 'schedule_updated'
  | 'rotation_adjusted'
  | 'reserve_distributed'
  | 'payout_receipt_confirmed'
  | 'payout_disputed'
  | 'group_frozen'
  | 'group_unfrozen'
  | 'member_role_changed'
  | 'ownership_transfer_offered'
  | 'ownership_transfer_accepted'
  | 'ownership_transfer_declined'
  | 'ownership_transfer_canceled'
  | 'withdrawal_requested'
  | 'withdrawal_completed'
  | 'withdrawal_failed'
  | 'application_submitted'
  | 'application_approved'
  | 'application_rejected'
  | 'application_withdrawn'
  | 'application_closed'
  | 'invitation_sent'
  | 'invitation_resent'
  | 'invitation_revoked'
  | 'invitation_accepted'
  | 'bank_link_started'
  | 'bank_link_failed'
  | 'bank_account_linked'
  | 'bank_verification_failed'
  | 'bank_verification_locked'
  | 'bank_account_verified'
  | 'bank_account_removed'
  | 'bank_debit_started'
  | 'bank_debit_succeeded'
  | 'bank_debit_failed'
  | 'autopay_enabled'
  | 'autopay_disabled'
  | 'collection_settings_updated'
  | 'safeguard_updated'
  | 'action_requested'
  | 'action_approved'
  | 'action_executed'
  | 'action_expired'
  | 'escrow_dispute_opened'
  | 'escrow_dispute_resolved'
  | 'reminder_sent'
  | 'penalty_applied'
  | 'identity_verification_started'
  | 'identity_verified'
  | 'identity_verification_failed'
  | 'phone_code_sent'
  | 'phone_code_rejected'
  | 'phone_verified'
  | 'address_code_sent'
  | 'address_code_rejected'
  | 'address_verified'
  | 'enhanced_bank_verification_started'
  | 'message_removed'
  | 'account_deleted'
  | 'message_reported'
  | 'communication_settings_updated'
  | 'member_left'
  | 'member_removed'
  | 'member_debt_paid'
  | 'peer_rating_saved'
  | 'member_warned'
  | 'group_settings_updated'
  | 'group_rule_created'
  | 'group_rule_updated'
  | 'group_rule_deleted'
  | 'member_status_changed'
  | 'application_auto_rejected'
  | 'referral_recorded'
  | 'referral_activated'
  | 'referral_reward_paid'
  | 'referral_bonus_paid'
  | 'referral_program_paused'
  | 'referral_program_resumed'
  /** subject ticket:<id>; details: status (when it changed). */
  | 'support_ticket_assigned'
  | 'support_ticket_answered'
  | 'support_ticket_status_changed'
  /** An operator retried a failed job; subject job:<queue>/<id>. */
  | 'job_retried'
  /** An operator ran the ledger check; details: ok, problems (how many). */
  | 'ledger_checked';

export type AuditEntry = {
  action: AuditAction;
  actorUserId?: number | null;
  subject?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

/** Appends one audit record; pass the transaction so it commits with the action it records. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAudit(db, ...auditValues(entry));
}

/** recordAudit as a statement to run with other writes (db/statement.ts writeTogether). */
export function auditWrite(entry: AuditEntry) {
  return insertAudit.with(...auditValues(entry));
}

function auditValues(entry: AuditEntry) {
  return [
    entry.at.toISOString(),
    entry.actorUserId ?? null,
    entry.action,
    entry.subject ?? null,
    entry.ip ?? null,
    entry.details ? JSON.stringify(entry.details) : null,
  ] as Parameters<typeof insertAudit.with>;
}

// Every audited action writes one: SQL rather than a Drizzle insert built each time (db/statement.ts).
const insertAudit = statement<
  never,
  [string, number | null, string, string | null, string | null, string | null]
>(
  'audit_insert',
  `insert into audit_log (at, actor_user_id, action, subject, ip, details)
   values ($1, $2, $3, $4, $5, $6::text::jsonb)`,
);
