import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trustScore } from './trust-score.ts';

const seed = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};
const points = (e: ReturnType<typeof trustScore>) =>
  Object.fromEntries(e.factors.map((f) => [f.key, f.points]));

describe('trust score', () => {
  it.each([
    // on time, late, missed, overall verification → score
    [{ onTime: 0, late: 0, missed: 0 }, 0, 30, 'low'],
    [{ onTime: 0, late: 0, missed: 0 }, 100, 70, 'medium'],
    [{ onTime: 10, late: 0, missed: 0 }, 100, 100, 'high'],
    [{ onTime: 9, late: 1, missed: 0 }, 70, 80, 'high'],
    [{ onTime: 8, late: 1, missed: 1 }, 85, 75, 'medium'],
    [{ onTime: 2, late: 1, missed: 0 }, 0, 38, 'low'],
    [{ onTime: 0, late: 8, missed: 6 }, 100, 10, 'low'],
    [{ onTime: 0, late: 0, missed: 3 }, 0, 0, 'low'],
  ] as const)('%o with verification %i scores %i (%s)', (record, overall, score, level) => {
    const explanation = trustScore(record, overall);
    expect(explanation.score).toBe(score);
    expect(explanation.level).toBe(level);
  });

  it('explains a 72: 48 for 8 of 10 on time, −4 for two late, 28 for identity and bank', () => {
    const explanation = trustScore({ onTime: 8, late: 2, missed: 0 }, 70);
    expect(explanation).toEqual({
      score: 72,
      level: 'medium',
      factors: [
        { key: 'on_time', points: 48, maxPoints: 60 },
        { key: 'late', points: -4, maxPoints: 0 },
        { key: 'missed', points: 0, maxPoints: 0 },
        { key: 'verification', points: 28, maxPoints: 40 },
      ],
      paymentRecord: { counted: 10, onTime: 8, late: 2, missed: 0, onTimeRate: 80 },
      peerRatings: 'not_included',
    });
  });

  it('caps the deductions for late and missed payments, and rounds half up', () => {
    expect(points(trustScore({ onTime: 0, late: 9, missed: 0 }, 0)).late).toBe(-10);
    expect(points(trustScore({ onTime: 0, late: 0, missed: 9 }, 0)).missed).toBe(-20);
    // 60 × 1/8 = 7.5 → 8; verification 15 × 0.4 = 6.
    expect(points(trustScore({ onTime: 1, late: 7, missed: 0 }, 15))).toMatchObject({
      on_time: 8,
      verification: 6,
    });
  });

  const record = fc.record({
    onTime: fc.nat({ max: 200 }),
    late: fc.nat({ max: 200 }),
    missed: fc.nat({ max: 200 }),
  });
  const overall = fc.constantFrom(0, 15, 30, 40, 45, 55, 60, 70, 85, 100);

  it('is always a whole number from 0 to 100 (property)', () => {
    fc.assert(
      fc.property(record, overall, (r, o) => {
        const { score } = trustScore(r, o);
        return Number.isInteger(score) && score >= 0 && score <= 100;
      }),
      seed,
    );
  });

  it('never goes down with another on-time payment, and never up with a late or missed one (property)', () => {
    fc.assert(
      fc.property(record, overall, (r, o) => {
        const base = trustScore(r, o).score;
        return (
          trustScore({ ...r, onTime: r.onTime + 1 }, o).score >= base &&
          trustScore({ ...r, late: r.late + 1 }, o).score <= base &&
          trustScore({ ...r, missed: r.missed + 1 }, o).score <= base
        );
      }),
      seed,
    );
  });
});
