import { payoutFeeCents } from '#shared/money.ts';
import { withdrawalFeeCents } from '#shared/withdrawals.ts';
import type { Circle, Person } from './circle-fixture.ts';
import type { KeyedRequest } from './keyed-requests.ts';

export const contributionKey = (groupId: number, cycle: number, userId: number) =>
  `${groupId}:${cycle}:${userId}`;

/**
 * What the requests should have done, independent of when the server died: every contribution
 * asked for is paid once, every payout credits its recipient once, every withdrawal holds (then
 * takes) amount + fee once. The checks compare the database with this.
 */
export class CrashModel {
  readonly requests: KeyedRequest[] = [];
  /** Every contribution paid in set-up or asked for by a keyed request. */
  readonly contributionsToPay = new Set<string>();
  /** Cycles paid out so far, per circle. */
  readonly paidOutCycles = new Map<number, number>();
  private readonly credits = new Map<number, number>();
  private withdrawalCount = 0;

  constructor(
    readonly admin: Person,
    readonly circles: Circle[],
    readonly withdrawers: Person[],
    /** Members who pay their own contributions by bank debit instead of handing the admin cash. */
    readonly debiters: Person[],
  ) {
    for (const circle of circles) this.paidOutCycles.set(circle.id, 0);
  }

  currentCycle(circle: Circle) {
    return this.paidOutCycles.get(circle.id)! + 1;
  }

  /** A cycle paid out into its recipient's wallet: the pool less the payout fee. */
  recordPayout(circle: Circle) {
    const cycle = this.currentCycle(circle);
    const recipient = circle.payoutOrder[cycle - 1]!;
    const pool = circle.contributionCents * circle.payoutOrder.length;
    this.credits.set(recipient, (this.credits.get(recipient) ?? 0) + pool - payoutFeeCents(pool));
    this.paidOutCycles.set(circle.id, cycle);
  }

  /** Members of the circle's current cycle whose contribution nobody has asked to pay yet. */
  unrequestedContributions(circle: Circle) {
    const cycle = this.currentCycle(circle);
    if (cycle > circle.payoutOrder.length) return [];
    return circle.payoutOrder.filter(
      (userId) => !this.contributionsToPay.has(contributionKey(circle.id, cycle, userId)),
    );
  }

  /** The admin records `userId`'s cash for the circle's current cycle. */
  contributionRequest(circle: Circle, userId: number, key: string): KeyedRequest {
    const cycle = this.currentCycle(circle);
    this.contributionsToPay.add(contributionKey(circle.id, cycle, userId));
    return this.add({
      key,
      kind: 'contribution',
      sender: this.admin,
      path: `/api/groups/${circle.id}/contributions/record`,
      body: { userId, cycle, method: 'cash' },
      contribution: { groupId: circle.id, cycle, userId },
    });
  }

  /** The member pays their own contribution of the circle's current cycle from their verified bank. */
  bankDebitRequest(circle: Circle, person: Person, key: string): KeyedRequest {
    const cycle = this.currentCycle(circle);
    this.contributionsToPay.add(contributionKey(circle.id, cycle, person.id));
    return this.add({
      key,
      kind: 'bank_debit',
      sender: person,
      path: `/api/groups/${circle.id}/contributions/bank-debit`,
      body: { cycle },
      contribution: { groupId: circle.id, cycle, userId: person.id },
    });
  }

  /** A check withdrawal (flat fee, no bank account needed); refused by the model if the wallet is short. */
  withdrawalRequest(person: Person, amountCents: number, key: string): KeyedRequest | null {
    const totalCents = amountCents + withdrawalFeeCents('check', amountCents);
    if (this.expectedWalletCents(person.id) < totalCents) return null;
    this.withdrawalCount += 1;
    return this.add({
      key,
      kind: 'withdrawal',
      sender: person,
      path: '/api/withdrawals/request',
      body: {
        method: 'check',
        amount: (amountCents / 100).toFixed(2),
        recipientInfo: `Crash test ${this.withdrawalCount}, 12 Harbour Road, Accra`,
      },
      totalCents,
    });
  }

  add(request: Omit<KeyedRequest, 'acked' | 'attempts'>): KeyedRequest {
    const full = { ...request, acked: null, attempts: 0 };
    this.requests.push(full);
    return full;
  }

  unacked() {
    return this.requests.filter((r) => !r.acked);
  }

  withdrawalsOf(userId: number) {
    return this.requests.filter((r) => r.kind === 'withdrawal' && r.sender.id === userId);
  }

  creditsOf(userId: number) {
    return this.credits.get(userId) ?? 0;
  }

  /** The wallet once every request sent so far is applied and settled. */
  expectedWalletCents(userId: number) {
    return this.withdrawalsOf(userId).reduce((left, w) => left - w.totalCents!, this.creditsOf(userId));
  }

  walletOwners() {
    return [...new Set([...this.credits.keys(), ...this.withdrawers.map((p) => p.id)])];
  }
}
