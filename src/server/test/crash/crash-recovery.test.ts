import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '#server/test/test-app.ts';
import { appliedButUnanswered, problemsAfterKill, problemsWhenConverged } from './crash-checks.ts';
import { contributionKey } from './crash-model.ts';
import { CrashScenario } from './crash-scenario.ts';
import { readSnapshot, type Snapshot } from './crash-snapshot.ts';
import { type CrashStore, pgliteStore, postgresStore, withStoreDatabase } from './crash-store.ts';
import { sendJson } from './http-client.ts';
import { killAllServers } from './server-process.ts';

/** At least 20 kills per engine, each in the middle of a burst of keyed requests. */
const KILLS = 20;

const paidContributions = (snapshot: Snapshot) =>
  new Set(
    snapshot.contributions
      .filter((c) => c.status === 'paid')
      .map((c) => contributionKey(c.group_id, c.cycle, c.user_id)),
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe.each(testEngines)('SIGKILL during keyed money requests on %s', (engine) => {
  let store: CrashStore;
  let run: CrashScenario;
  beforeAll(async () => {
    store = engine === 'pglite' ? pgliteStore() : await postgresStore();
    run = new CrashScenario(store);
  }, 60_000);
  afterAll(async () => {
    await killAllServers();
    await store?.drop();
  }, 60_000);

  it(`applies each acknowledged request exactly once across ${KILLS} kills and converges on re-sending the rest`, async () => {
    const began = performance.now();
    let startMs = await run.start();
    await run.setUp();
    let paid = new Set<string>();
    for (let round = 1; round <= KILLS; round++) {
      if (round > 1) startMs = await run.start();
      await run.payOutCompleteCycles(paid);
      const burst = await run.burstAndKill(round);
      expect(burst.unexpected, `replies in round ${round}`).toEqual([]);
      const checking = performance.now();
      const snapshot = await withStoreDatabase(store, readSnapshot);
      expect(problemsAfterKill(snapshot, run.model), `database after kill ${round}`).toEqual([]);
      paid = paidContributions(snapshot);
      run.rounds.push({
        round,
        startMs,
        burst,
        checkMs: Math.round(performance.now() - checking),
        unrepliedClaims: snapshot.unrepliedClaims,
        appliedUnanswered: appliedButUnanswered(snapshot, run.model).length,
        activeJobs: snapshot.activeJobs.map((j) => `${j.name}×${j.count}`).join(' '),
      });
    }

    // Every request that never got its answer is sent again, same key and body, until it does.
    await run.start();
    expect(await run.resendUntilAnswered(KILLS + 1), 'replies to re-sent requests').toEqual([]);
    expect(run.model.unacked().map((r) => r.key)).toEqual([]);
    // Once answered, a key answers the same, byte for byte, and does nothing more.
    const { baseUrl } = run.server!;
    const replay = async (request: (typeof run.model.requests)[number]) => {
      const again = await sendJson(baseUrl, 'POST', request.path, request.body, {
        ...request.sender.auth,
        'idempotency-key': request.key,
      });
      return { key: request.key, status: again.status, text: again.text };
    };
    for (let i = 0; i < run.model.requests.length; i += 10) {
      const batch = run.model.requests.slice(i, i + 10);
      expect(await Promise.all(batch.map(replay))).toEqual(
        batch.map((r) => ({ key: r.key, status: r.acked!.status, text: r.acked!.text })),
      );
    }
    // The sandbox settles a second after submission. A settlement job a killed server had taken is
    // retried at start-up on PGlite and expires after a minute on PostgreSQL (src/server/jobs/).
    const settled = await run.waitForSettlement(150_000);
    await run.server!.kill();
    const final = await withStoreDatabase(store, readSnapshot);
    const converged = problemsWhenConverged(final, run.model);
    const sum = (pick: (r: (typeof run.rounds)[number]) => number) =>
      run.rounds.reduce((t, r) => t + pick(r), 0);
    console.info(
      JSON.stringify({
        engine,
        kills: run.rounds.length,
        seconds: Math.round((performance.now() - began) / 1000),
        medianStartMs: median(run.rounds.map((r) => r.startMs)),
        medianCheckMs: median(run.rounds.map((r) => r.checkMs)),
        requests: run.model.requests.length,
        inFlightAtKills: sum((r) => r.burst.inFlightAtKill),
        appliedButUnansweredAtKills: sum((r) => r.appliedUnanswered),
        settledInTime: settled,
      }),
    );
    expect(converged.problems, 'converged state').toEqual([]);
    expect(
      converged.stranded,
      `settlements still waiting; active jobs after each kill: ${run.rounds.map((r) => `${r.round}: ${r.activeJobs || '-'}`).join('; ')}`,
    ).toEqual([]);
  }, 900_000);
});
