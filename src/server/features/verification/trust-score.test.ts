import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_RATINGS, trustScore } from './trust-score.ts';

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
    const explanation = trustScore(record, overall, NO_RATINGS);
    expect(explanation.score).toBe(score);
    expect(explanation.level).toBe(level);
  });

  it('explains a 72: 48 for 8 of 10 on time, −4 for two late, 28 for identity and bank', () => {
    const explanation = trustScore({ onTime: 8, late: 2, missed: 0 }, 70, NO_RATINGS);
    expect(explanation).toEqual({
      score: 72,
      level: 'medium',
      factors: [
        { key: 'on_time', points: 48, maxPoints: 60 },
        { key: 'late', points: -4, maxPoints: 0 },
        { key: 'missed', points: 0, maxPoints: 0 },
        { key: 'verification', points: 28, maxPoints: 40 },
        { key: 'peer_ratings', points: 0, maxPoints: 10 },
      ],
      paymentRecord: { counted: 10, onTime: 8, late: 2, missed: 0, onTimeRate: 80 },
      peerRatings: { count: 0, average: null },
    });
  });

  it('caps the deductions for late and missed payments, and rounds half up', () => {
    expect(points(trustScore({ onTime: 0, late: 9, missed: 0 }, 0, NO_RATINGS)).late).toBe(-10);
    expect(points(trustScore({ onTime: 0, late: 0, missed: 9 }, 0, NO_RATINGS)).missed).toBe(-20);
    // 60 × 1/8 = 7.5 → 8; verification 15 × 0.4 = 6.
    expect(points(trustScore({ onTime: 1, late: 7, missed: 0 }, 15, NO_RATINGS))).toMatchObject({
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
        const { score } = trustScore(r, o, NO_RATINGS);
        return Number.isInteger(score) && score >= 0 && score <= 100;
      }),
      seed,
    );
  });

  it('never goes down with another on-time payment, and never up with a late or missed one (property)', () => {
    fc.assert(
      fc.property(record, overall, (r, o) => {
        const base = trustScore(r, o, NO_RATINGS).score;
        return (
          trustScore({ ...r, onTime: r.onTime + 1 }, o, NO_RATINGS).score >= base &&
          trustScore({ ...r, late: r.late + 1 }, o, NO_RATINGS).score <= base &&
          trustScore({ ...r, missed: r.missed + 1 }, o, NO_RATINGS).score <= base
        );
      }),
      seed,
    );
  });

  it('counts peer ratings: 3 stars and none are neutral, each rating counts stars − 3 up to five', () => {
    const record = { onTime: 4, late: 0, missed: 0 };
    const base = trustScore(record, 40, NO_RATINGS);
    expect(base.score).toBe(76);
    expect(trustScore(record, 40, { count: 4, totalStars: 12 }).score).toBe(76);
    // One 5-star rating: +2; two 5s and a 4: +5; ten 5s: the cap, +10.
    expect(points(trustScore(record, 40, { count: 1, totalStars: 5 })).peer_ratings).toBe(2);
    expect(points(trustScore(record, 40, { count: 3, totalStars: 14 })).peer_ratings).toBe(5);
    const praised = trustScore(record, 40, { count: 10, totalStars: 50 });
    expect(praised).toMatchObject({ score: 86, peerRatings: { count: 10, average: 5 } });
    // Six 1-star ratings: (1 − 3) × 5 = −10.
    expect(points(trustScore(record, 40, { count: 6, totalStars: 6 })).peer_ratings).toBe(-10);
    expect(trustScore(record, 40, { count: 3, totalStars: 11 }).peerRatings.average).toBe(3.7);
  });

  const ratings = fc
    .array(fc.integer({ min: 1, max: 5 }), { maxLength: 30 })
    .map((stars) => ({ count: stars.length, totalStars: stars.reduce((a, b) => a + b, 0), stars }));

  it('never goes down when a rating gets more stars; ratings of 3+ never hurt, of 3 or less never help (property)', () => {
    fc.assert(
      fc.property(record, overall, ratings, (r, o, given) => {
        const base = trustScore(r, o, given).score;
        // Some rating below 5 stars raised by one: the total goes up by one, the count stays.
        const raisable = given.stars.some((s) => s < 5);
        const raised = raisable
          ? trustScore(r, o, { count: given.count, totalStars: given.totalStars + 1 }).score
          : base;
        const withNone = trustScore(r, o, NO_RATINGS).score;
        const score = trustScore(r, o, given).score;
        return (
          raised >= base &&
          Number.isInteger(score) &&
          score >= 0 &&
          score <= 100 &&
          // All ratings at 3 stars or better never score below having none, and at 3 or worse never above.
          (given.stars.some((s) => s < 3) || score >= withNone) &&
          (given.stars.some((s) => s > 3) || score <= withNone)
        );
      }),
      seed,
    );
  });
});
