import type { Person } from './circle-fixture.ts';
import { type HttpReply, sendJson } from './http-client.ts';
import type { ServerProcess } from './server-process.ts';

export type RequestKind = 'contribution' | 'withdrawal' | 'bank_debit';

/** One money request with its Idempotency-Key, sent again (same key, same body) until it is answered. */
export type KeyedRequest = {
  key: string;
  kind: RequestKind;
  sender: Person;
  path: string;
  body: Record<string, unknown>;
  /** The contribution it pays (contributions and bank debits). */
  contribution?: { groupId: number; cycle: number; userId: number };
  /** What a withdrawal takes from the sender's wallet: amount + fee. */
  totalCents?: number;
  /** The final reply, once one came. */
  acked: { status: number; text: string; round: number } | null;
  attempts: number;
};

/**
 * What a reply means for the request: `acked` (a final answer: it was done, or had been done by an
 * earlier attempt of the same key), `retry` (no answer, or "still in progress", or a server error,
 * none of which says anything about the work) or an unexpected refusal, which fails the test.
 */
export function outcomeOf(request: KeyedRequest, reply: HttpReply): 'acked' | 'retry' | string {
  if (reply.status >= 200 && reply.status < 300) return 'acked';
  if (reply.status >= 500 || reply.json?.code === 'IDEMPOTENCY_IN_PROGRESS') return 'retry';
  // The first attempt paid it and died before storing its reply; the re-run finds it paid.
  if (request.kind === 'contribution' && reply.json?.code === 'ALREADY_PAID') return 'acked';
  return `${request.key} (${request.path}) was refused: ${reply.status} ${reply.text}`;
}

/** Sends one attempt of the request; records the final reply when it is one. */
export async function sendAttempt(baseUrl: string, request: KeyedRequest, round: number) {
  request.attempts += 1;
  let reply: HttpReply;
  try {
    reply = await sendJson(baseUrl, 'POST', request.path, request.body, {
      ...request.sender.auth,
      'idempotency-key': request.key,
    });
  } catch {
    return 'retry' as const;
  }
  const outcome = outcomeOf(request, reply);
  if (outcome === 'acked') request.acked = { status: reply.status, text: reply.text, round };
  return outcome;
}

/**
 * When to kill: once `afterReplies` requests have their reply, plus `fraction` of the time one reply
 * has taken so far in this burst (so the kill lands anywhere inside the next request's work, on an
 * engine that answers one request at a time as on one that answers many). With no reply to wait
 * for, `fraction` of `replyGapMs`, what a reply took in earlier bursts.
 */
export type KillPlan = { afterReplies: number; fraction: number; replyGapMs: number };

export type BurstResult = {
  sent: number;
  acked: number;
  /** Requests still waiting for their reply when SIGKILL was sent. */
  inFlightAtKill: number;
  /** Milliseconds per reply until the kill (the burst's pace, for the next plan). */
  replyGapMs: number | null;
  unexpected: string[];
};

/**
 * Fires every request at once and SIGKILLs the server by its PID at the planned moment; resolves
 * when the server is dead and every request has its reply or its broken connection.
 */
export async function fireBurst(
  server: ServerProcess,
  requests: KeyedRequest[],
  round: number,
  plan: KillPlan,
): Promise<BurstResult> {
  const started = performance.now();
  let settled = 0;
  let inFlightAtKill = -1;
  let replyGapMs: number | null = null;
  let killing: Promise<void> | null = null;
  const kill = () => {
    if (!killing) {
      inFlightAtKill = requests.length - settled;
      killing = server.kill();
    }
    return killing;
  };
  const armKill = () => {
    if (plan.afterReplies > 0) replyGapMs = (performance.now() - started) / plan.afterReplies;
    setTimeout(kill, plan.fraction * (replyGapMs ?? plan.replyGapMs));
  };
  if (plan.afterReplies === 0) armKill();
  const unexpected: string[] = [];
  await Promise.all(
    requests.map(async (request) => {
      const outcome = await sendAttempt(server.baseUrl, request, round);
      if (outcome !== 'acked' && outcome !== 'retry') unexpected.push(outcome);
      settled += 1;
      if (settled === plan.afterReplies) armKill();
    }),
  );
  // Every request was answered before the planned moment came: the kill lands on a quiet server.
  await kill();
  return {
    sent: requests.length,
    acked: requests.filter((r) => r.acked?.round === round).length,
    inFlightAtKill,
    replyGapMs,
    unexpected,
  };
}
