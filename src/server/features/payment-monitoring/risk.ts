/**
 * A member's payment risk, 0 (reliable) to 100, from their record in one circle:
 *   risk = 100 × (late + 2 × missed) ÷ due, capped at 100, minus 10 with auto-pay on (at least 0),
 * where `due` counts their contributions whose due date plus grace has passed (paid or not), `late`
 * those paid after that, and `missed` those still unpaid after it. A missed payment weighs twice a
 * late one. No history yet → 0. Labels follow spec 001 §5: under 25 low, under 50 medium, under 75
 * high, otherwise critical; "at risk" means over 50.
 */
export function riskScore(record: { due: number; late: number; missed: number; autopay: boolean }): number {
  if (record.due === 0) return 0;
  const raw = Math.min(100, Math.round((100 * (record.late + 2 * record.missed)) / record.due));
  return Math.max(0, raw - (record.autopay ? 10 : 0));
}

export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';

export function riskLevel(score: number): RiskLevel {
  return score < 25 ? 'low' : score < 50 ? 'medium' : score < 75 ? 'high' : 'critical';
}

export const AT_RISK_ABOVE = 50;
