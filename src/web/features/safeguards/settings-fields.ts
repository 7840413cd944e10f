import { formatAmount, parseAmount } from '#shared/money.ts';
import type { SafeguardType } from '#shared/safeguards.ts';

/** One setting of a safeguard: a whole number (approvals, hours, percent) or an amount kept in cents. */
export type SettingField = {
  key: string;
  kind: 'count' | 'money';
  min: number;
  max: number;
};

/** The settings each rule has, with the bounds src/shared/safeguards.ts accepts (money bounds in cents). */
export function settingFields(type: SafeguardType, maxApprovals: number): SettingField[] {
  switch (type) {
    case 'multi_signature':
      return [{ key: 'requiredApprovals', kind: 'count', min: 1, max: maxApprovals }];
    case 'time_lock':
      return [{ key: 'hours', kind: 'count', min: 1, max: 168 }];
    case 'member_vote':
      return [{ key: 'approvalPercent', kind: 'count', min: 50, max: 100 }];
    case 'transaction_limits':
      return [
        { key: 'perWithdrawalCents', kind: 'money', min: 100, max: 5_000_000 },
        { key: 'dailyCents', kind: 'money', min: 100, max: 5_000_000 },
      ];
    case 'third_party_custody':
      return [];
  }
}

/** Approvals a multi-signature release can ask for: from the other members, at most 19. */
export const maxApprovalsFor = (memberLimit: number) => Math.min(19, Math.max(1, memberLimit - 1));

/** What the form shows for a stored value: "3", or dollars "1000.00" for cents; clamped into range. */
export function toInput(field: SettingField, value: number | undefined): string {
  const clamped = Math.min(field.max, Math.max(field.min, value ?? field.min));
  return field.kind === 'money' ? formatAmount(clamped) : String(clamped);
}

/** The typed text as the value to send (cents for money), or null when it is not a number in range. */
export function fromInput(field: SettingField, text: string): number | null {
  const trimmed = text.trim();
  const value =
    field.kind === 'money'
      ? parseAmount(normalizeAmount(trimmed))
      : /^\d{1,6}$/.test(trimmed)
        ? Number(trimmed)
        : null;
  return value !== null && value >= field.min && value <= field.max ? value : null;
}

/** "1000,50" (a decimal comma) → "1000.50"; "1,000.50" or "1 000" (grouping) → "1000.50", "1000"; ".5" → "0.5". */
function normalizeAmount(text: string): string {
  const plain = /^\d+,\d{1,2}$/.test(text) ? text.replace(',', '.') : text.replace(/[,\s\u00a0\u202f]/g, '');
  return plain.startsWith('.') ? `0${plain}` : plain;
}
