import { randomInt } from 'node:crypto';
import { linkVerifiedBank } from './bank-fixture.ts';
import { type Circle, createActiveCircle, type Person, sendUntilReplied, signUp } from './circle-fixture.ts';
import { CrashModel, contributionKey } from './crash-model.ts';
import type { CrashStore } from './crash-store.ts';
import { sendJson } from './http-client.ts';
import { type BurstResult, fireBurst, type KeyedRequest, sendAttempt } from './keyed-requests.ts';
import { type ServerProcess, startServer } from './server-process.ts';

/** Settings for every server start: quick settlement and abandonment, limits for one test address. */
export const crashServerEnv = {
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  SANDBOX_SETTLEMENT_SECONDS: '1',
  // Shorter than a restart takes: a retry after a kill takes the dead request's key over at once.
  IDEMPOTENCY_ABANDON_SECONDS: '2',
  REGISTER_PER_IP_PER_HOUR: '1000',
  LOGIN_PER_IP_PER_MINUTE: '1000',
  // Settlement is watched by polling as fast as the server answers.
  READS_PER_USER_PER_10_SECONDS: '0',
};

export type RoundLog = {
  round: number;
  startMs: number;
  burst: BurstResult;
  checkMs: number;
  unrepliedClaims: number;
  /** Requests the kill left without a reply although their work was done. */
  appliedUnanswered: number;
  activeJobs: string;
};

/** One engine's run: a server that is started, sent work, killed, checked and started again. */
export class CrashScenario {
  server: ServerProcess | null = null;
  model!: CrashModel;
  readonly rounds: RoundLog[] = [];
  private keys = 0;
  /** What one reply took in the last burst that had one; a guess before the first. */
  private replyGapMs = 100;

  constructor(readonly store: CrashStore) {}

  async start() {
    const started = performance.now();
    this.server = await startServer({ ...crashServerEnv, ...this.store.env });
    return Math.round(performance.now() - started);
  }

  private key(kind: string) {
    this.keys += 1;
    return `crash-${kind}-${this.keys}`;
  }

  /**
   * Ten people in two circles of ten (joined in opposite orders), $500 a cycle; the first two
   * cycles of each are paid in cash and paid out, so three people have money to withdraw. Two
   * others link a bank and later pay their own contributions by bank debit.
   */
  async setUp() {
    const url = this.server!.baseUrl;
    const people: Person[] = [];
    for (let i = 0; i < 10; i++) people.push(await signUp(url));
    const [admin, ...others] = people as [Person, ...Person[]];
    const circles = [
      await createActiveCircle(url, 'Crash circle A', admin, others, '500'),
      await createActiveCircle(url, 'Crash circle B', admin, [...others].reverse(), '500'),
    ];
    const debiters = [others[3]!, others[4]!];
    for (const person of debiters) await linkVerifiedBank(url, person);
    this.model = new CrashModel(admin, circles, [admin, others[0]!, others.at(-1)!], debiters);
    for (let cycle = 1; cycle <= 2; cycle++) {
      for (const circle of circles) {
        for (const userId of this.model.unrequestedContributions(circle)) {
          const request = this.model.contributionRequest(circle, userId, this.key('setup'));
          const reply = await sendUntilReplied(url, request.path, request.body, {
            ...admin.auth,
            'idempotency-key': request.key,
          });
          if (reply.status !== 200) throw new Error(`set-up contribution: ${reply.status} ${reply.text}`);
          request.acked = { status: reply.status, text: reply.text, round: 0 };
        }
        await this.payOut(circle);
      }
    }
  }

  /** Process Payout of the circle's current cycle (no kill runs during it). */
  async payOut(circle: Circle) {
    const cycleNumber = this.model.currentCycle(circle);
    const reply = await sendUntilReplied(
      this.server!.baseUrl,
      '/api/groups/process-payout',
      { groupId: circle.id, cycleNumber },
      { ...this.model.admin.auth, 'idempotency-key': `crash-payout-${circle.id}-${cycleNumber}` },
    );
    if (reply.status !== 200)
      throw new Error(`payout of ${circle.id}/${cycleNumber}: ${reply.status} ${reply.text}`);
    this.model.recordPayout(circle);
  }

  /** Pays out every cycle whose contributions the last check found all paid. */
  async payOutCompleteCycles(paid: Set<string>) {
    for (const circle of this.model.circles) {
      const cycle = this.model.currentCycle(circle);
      if (cycle > circle.payoutOrder.length) continue;
      if (circle.payoutOrder.every((userId) => paid.has(contributionKey(circle.id, cycle, userId))))
        await this.payOut(circle);
    }
  }

  /**
   * New work for a burst: two contributions per circle (recorded cash, or the member's own bank
   * debit), a withdrawal per withdrawer; plus every request still without its answer.
   */
  nextBurst(): KeyedRequest[] {
    const retries = this.model.unacked();
    const fresh: KeyedRequest[] = [];
    for (const circle of this.model.circles)
      for (const userId of this.model.unrequestedContributions(circle).slice(0, 2)) {
        const debiter = this.model.debiters.find((p) => p.id === userId);
        fresh.push(
          debiter
            ? this.model.bankDebitRequest(circle, debiter, this.key('bank-debit'))
            : this.model.contributionRequest(circle, userId, this.key('contribution')),
        );
      }
    for (const person of this.model.withdrawers) {
      const request = this.model.withdrawalRequest(person, randomInt(2500, 4001), this.key('withdrawal'));
      if (request) fresh.push(request);
    }
    return [...retries, ...fresh];
  }

  /** Fires a burst and kills the server at a random moment of it (see KillPlan). */
  async burstAndKill(round: number): Promise<BurstResult> {
    const burst = this.nextBurst();
    // A little past one reply's time too: a request's work ends before its reply does.
    const plan = {
      afterReplies: randomInt(0, burst.length),
      fraction: Math.random() * 1.25,
      replyGapMs: this.replyGapMs,
    };
    const result = await fireBurst(this.server!, burst, round, plan);
    this.replyGapMs = result.replyGapMs ?? this.replyGapMs;
    this.server = null;
    return result;
  }

  /** Sends every unanswered request again, same key and body, until each has a final reply. */
  async resendUntilAnswered(round: number, maxPasses = 60) {
    const unexpected: string[] = [];
    for (let pass = 0; pass < maxPasses && this.model.unacked().length > 0; pass++) {
      const outcomes = await Promise.all(
        this.model.unacked().map((request) => sendAttempt(this.server!.baseUrl, request, round)),
      );
      unexpected.push(...outcomes.filter((o) => o !== 'acked' && o !== 'retry'));
      if (unexpected.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return unexpected;
  }

  /**
   * Waits (at most `ms`) until nothing is held on the withdrawers' wallets and no bank debit of the
   * debiters is open: the sandbox settles a second after submission, the job queue polls every 2 s.
   */
  async waitForSettlement(ms: number) {
    const url = this.server!.baseUrl;
    const deadline = Date.now() + ms;
    const held = async (person: Person) =>
      (await sendJson(url, 'GET', '/api/wallet', undefined, person.auth)).json.held !== '0.00';
    const debiting = async (person: Person) => {
      for (const circle of this.model.circles) {
        const list = await sendJson(
          url,
          'GET',
          `/api/groups/${circle.id}/bank-debits`,
          undefined,
          person.auth,
        );
        if (
          list.json.bankDebits.some(
            (d: { status: string }) => d.status === 'requested' || d.status === 'processing',
          )
        )
          return true;
      }
      return false;
    };
    while (Date.now() < deadline) {
      const open = await Promise.all([
        ...this.model.withdrawers.map(held),
        ...this.model.debiters.map(debiting),
      ]);
      if (!open.includes(true)) return true;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return false;
  }
}
