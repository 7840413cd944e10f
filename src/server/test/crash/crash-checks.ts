import { type CrashModel, contributionKey } from './crash-model.ts';
import type { Snapshot } from './crash-snapshot.ts';
import type { KeyedRequest, RequestKind } from './keyed-requests.ts';

type Applied = { key: string | null; user_id: number };

/** Rows carrying a request key, matched to the model's requests of that kind; a stray row is a problem. */
function matchKeys(rows: Applied[], kind: RequestKind, model: CrashModel, problems: string[]) {
  const byKey = new Map(model.requests.map((r) => [r.key, r]));
  const applied = new Map<string, number>();
  const matched: (KeyedRequest | undefined)[] = rows.map((row) => {
    const request = row.key ? byKey.get(row.key) : undefined;
    if (request?.kind !== kind || request.sender.id !== row.user_id) {
      problems.push(`${kind} row (${row.key ?? 'no key'}) of user ${row.user_id} matches no request`);
      return undefined;
    }
    applied.set(request.key, (applied.get(request.key) ?? 0) + 1);
    return request;
  });
  for (const [key, count] of applied) if (count > 1) problems.push(`${kind} ${key} applied ${count} times`);
  for (const request of model.requests)
    if (request.kind === kind && request.acked && applied.get(request.key) !== 1)
      problems.push(`acknowledged ${kind} ${request.key} applied ${applied.get(request.key) ?? 0} times`);
  return { matched, applied };
}

/**
 * What must hold after every kill: the ledger's invariants; every withdrawal and bank debit is one
 * of the requests, at most once, and each acknowledged request's effect exists exactly once;
 * withdrawals hold (or took) exactly their amount + fee; contributions are paid only when asked
 * for, with one transfer each; no wallet is short, and each wallet's available money is exactly its
 * payouts less the withdrawals that exist.
 */
export function problemsAfterKill(snapshot: Snapshot, model: CrashModel): string[] {
  const problems = snapshot.invariantProblems.map((p) => `ledger: ${p}`);
  const withdrawals = matchKeys(
    snapshot.withdrawals.map((w) => ({ key: w.request_key, user_id: w.user_id })),
    'withdrawal',
    model,
    problems,
  );
  snapshot.withdrawals.forEach((w, i) => {
    const request = withdrawals.matched[i];
    const label = `withdrawal ${w.id} (${w.request_key})`;
    if (request && w.total !== request.totalCents)
      problems.push(`${label} is ${w.total}, asked ${request.totalCents}`);
    if (w.hold_count !== 1 || w.hold_total !== w.total || w.hold_account !== `wallet:${w.user_id}`)
      problems.push(`${label} has ${w.hold_count} holds (${w.hold_total} on ${w.hold_account})`);
    const holdShouldBe = w.status === 'completed' ? 'captured' : 'pending';
    if (
      w.status === 'failed' ||
      w.hold_status !== holdShouldBe ||
      w.transfers !== (w.status === 'completed' ? 1 : 0)
    )
      problems.push(`${label} is ${w.status} with its hold ${w.hold_status} and ${w.transfers} transfers`);
  });

  const status = new Map(
    snapshot.contributions.map((c) => [contributionKey(c.group_id, c.cycle, c.user_id), c.status]),
  );
  const debits = matchKeys(
    snapshot.bankDebits.map((d) => ({ key: d.request_key, user_id: d.user_id })),
    'bank_debit',
    model,
    problems,
  );
  const openDebits = new Set<string>();
  snapshot.bankDebits.forEach((d, i) => {
    const key = contributionKey(d.group_id, d.cycle, d.contribution_user_id);
    const c = debits.matched[i]?.contribution;
    if (c && contributionKey(c.groupId, c.cycle, c.userId) !== key)
      problems.push(`bank debit ${d.id} (${d.request_key}) pays ${key}`);
    if (d.status === 'requested' || d.status === 'processing') openDebits.add(key);
    const contributionShouldBe = d.status === 'succeeded' ? 'paid' : 'processing';
    if (d.status === 'failed' || status.get(key) !== contributionShouldBe)
      problems.push(
        `bank debit ${d.id} (${d.request_key}) is ${d.status}, its contribution ${status.get(key)}`,
      );
  });

  for (const c of snapshot.contributions) {
    const key = contributionKey(c.group_id, c.cycle, c.user_id);
    if (c.transfers !== (c.status === 'paid' ? 1 : 0))
      problems.push(`contribution ${key} is ${c.status} with ${c.transfers} transfers`);
    if ((c.status === 'paid' || c.status === 'processing') && !model.contributionsToPay.has(key))
      problems.push(`contribution ${key} is ${c.status} but nobody asked to pay it`);
    if (c.status === 'processing' && !openDebits.has(key))
      problems.push(`contribution ${key} is processing without a debit`);
  }
  for (const request of model.requests) {
    const c = request.contribution;
    if (
      request.kind === 'contribution' &&
      request.acked &&
      status.get(contributionKey(c!.groupId, c!.cycle, c!.userId)) !== 'paid'
    )
      problems.push(
        `acknowledged contribution ${request.key} left it ${status.get(contributionKey(c!.groupId, c!.cycle, c!.userId))}`,
      );
  }

  // A cash record claims its key and stores its reply in its own transaction (decision 0052): whenever
  // the server dies, the contribution is paid exactly when its key holds the answer.
  for (const request of model.requests) {
    if (request.kind !== 'contribution' || !request.contribution) continue;
    const { groupId, cycle, userId } = request.contribution;
    const paid = status.get(contributionKey(groupId, cycle, userId)) === 'paid';
    const answer = snapshot.keys.get(`${request.sender.id} ${request.key}`);
    if (paid !== (answer === 200))
      problems.push(
        `cash record ${request.key}: contribution ${paid ? 'paid' : 'unpaid'}, key ${answer === undefined ? 'absent' : answer}`,
      );
  }

  for (const [userId, wallet] of snapshot.wallets) {
    if (wallet.balance < 0 || wallet.balance - wallet.held < 0)
      problems.push(`wallet ${userId} balance ${wallet.balance}, held ${wallet.held}`);
    const withdrawn = snapshot.withdrawals
      .filter((w) => w.user_id === userId)
      .reduce((sum, w) => sum + w.total, 0);
    const available = model.creditsOf(userId) - withdrawn;
    if (wallet.balance - wallet.held !== available)
      problems.push(
        `wallet ${userId} has ${wallet.balance - wallet.held} available, its history says ${available}`,
      );
  }
  return problems;
}

/**
 * After every unanswered request was sent again until answered, the state is the model's whatever
 * the kill timing was: each request applied exactly once, every contribution asked for paid, each
 * withdrawal taken from its wallet, nothing held, the payouts made. The one exception is reported
 * as `stranded` rather than hidden: a settlement whose processor event a killed server had taken
 * from the job queue waits for pg-boss to expire that job (docs/decisions/0012-crash-safety.md).
 */
export function problemsWhenConverged(snapshot: Snapshot, model: CrashModel) {
  const problems = problemsAfterKill(snapshot, model);
  for (const request of model.unacked()) problems.push(`${request.key} never got a final reply`);
  const stranded = [
    ...snapshot.withdrawals
      .filter((w) => w.status !== 'completed')
      .map((w) => ({ ...w, kind: 'withdrawal' })),
    ...snapshot.bankDebits.filter((d) => d.status !== 'succeeded').map((d) => ({ ...d, kind: 'bank debit' })),
  ].map((row) => {
    if (row.status !== 'processing' || !row.stranded)
      problems.push(
        `${row.kind} ${row.id} (${row.request_key}) is ${row.status} with no settlement on its way`,
      );
    return `${row.kind} ${row.id}`;
  });

  const strandedDebits = new Set(
    snapshot.bankDebits
      .filter((d) => d.status === 'processing' && d.stranded)
      .map((d) => contributionKey(d.group_id, d.cycle, d.contribution_user_id)),
  );
  const paid = new Set(
    snapshot.contributions
      .filter((c) => c.status === 'paid')
      .map((c) => contributionKey(c.group_id, c.cycle, c.user_id)),
  );
  for (const key of model.contributionsToPay)
    if (!paid.has(key) && !strandedDebits.has(key)) problems.push(`contribution ${key} is unpaid`);
  const payouts = [...model.paidOutCycles.values()].reduce((a, b) => a + b, 0);
  if (snapshot.payouts !== payouts) problems.push(`${snapshot.payouts} payouts, expected ${payouts}`);

  for (const userId of model.walletOwners()) {
    const wallet = snapshot.wallets.get(userId) ?? { balance: 0, held: 0 };
    const mine = snapshot.withdrawals.filter((w) => w.user_id === userId);
    const taken = mine.filter((w) => w.status === 'completed').reduce((sum, w) => sum + w.total, 0);
    const held = mine.filter((w) => w.status !== 'completed').reduce((sum, w) => sum + w.total, 0);
    const expected = { balance: model.creditsOf(userId) - taken, held };
    if (wallet.balance !== expected.balance || wallet.held !== expected.held)
      problems.push(`wallet ${userId}: ${JSON.stringify(wallet)}, expected ${JSON.stringify(expected)}`);
    if (wallet.balance - wallet.held !== model.expectedWalletCents(userId))
      problems.push(
        `wallet ${userId} has ${wallet.balance - wallet.held} available, expected ${model.expectedWalletCents(userId)}`,
      );
  }
  return { problems, stranded };
}

/** Requests with no reply whose work the database already holds: the window a re-run must not repeat. */
export function appliedButUnanswered(snapshot: Snapshot, model: CrashModel): string[] {
  const done = new Set([
    ...snapshot.withdrawals.map((w) => w.request_key),
    ...snapshot.bankDebits.map((d) => d.request_key),
    ...snapshot.contributions
      .filter((c) => c.status === 'paid')
      .map((c) => `contribution ${contributionKey(c.group_id, c.cycle, c.user_id)}`),
  ]);
  return model
    .unacked()
    .filter((r) =>
      r.kind === 'contribution'
        ? done.has(
            `contribution ${contributionKey(r.contribution!.groupId, r.contribution!.cycle, r.contribution!.userId)}`,
          )
        : done.has(r.key),
    )
    .map((r) => r.key);
}
