import http from 'node:http';
import { type LiveEvent, liveEventSchema } from '#shared/schemas/live.ts';

/** One SSE frame as the stream sent it: its event name ('message' by default) and parsed data. */
export type Frame = { event: string; data: unknown };

/**
 * A member's open GET /api/events, read as a browser's EventSource would: frames as they arrive,
 * a wait for the first that matches, and whether the server has closed the stream.
 */
export type EventReader = {
  frames: Frame[];
  /** Live events received so far (the unnamed data frames). */
  events(): LiveEvent[];
  /** The first received event (past or future) that matches, within timeoutMs; rejects otherwise. */
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
};

/** Opens GET /api/events with node:http (no pooled or speculative connections left behind). */
export async function openEvents(baseUrl: string, headers: Record<string, string>): Promise<EventReader> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { headers, agent: false }, resolve);
    request.on('error', reject);
  });
  if (response.statusCode !== 200) {
    response.resume();
    throw new Error(`GET /api/events → ${response.statusCode}`);
  }
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  let ended = false;
  let buffered = '';
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const frame = parseFrame(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
      if (frame) frames.push(frame);
      end = buffered.indexOf('\n\n');
    }
    for (const wake of [...waiters]) wake();
  });
  const endedPromise = new Promise<void>((resolve) => {
    const finish = () => {
      ended = true;
      for (const wake of [...waiters]) wake();
      resolve();
    };
    response.on('end', finish);
    response.on('close', finish);
    response.on('error', () => {});
  });

  const events = () =>
    frames
      .filter((f) => f.event === 'message')
      .flatMap((f) => {
        const parsed = liveEventSchema.safeParse(f.data);
        return parsed.success ? [parsed.data] : [];
      });

  return {
    frames,
    events,
    waitFor(match, timeoutMs = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events().find(match);
          if (found) done(() => resolve(found));
          else if (ended) done(() => reject(new Error('the stream ended before the event arrived')));
        };
        const timer = setTimeout(
          () =>
            done(() =>
              reject(new Error(`no matching event within ${timeoutMs} ms: ${JSON.stringify(events())}`)),
            ),
          timeoutMs,
        );
        const done = (then: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          then();
        };
        waiters.add(check);
        check();
      });
    },
    ended: endedPromise,
    isEnded: () => ended,
    close: () => response.destroy(),
  };
}

function parseFrame(text: string): Frame | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  return { event, data: JSON.parse(data.join('\n')) };
}

/** The event a group's pages hear when anything but its chat changes. */
export const groupChanged = (groupId: number) => (event: LiveEvent) =>
  event.scope === 'group' && event.groupId === groupId && event.topic === 'group';

/**
 * Runs `act` (a change made anywhere: an API call on another instance, a chat send once it exists)
 * and resolves with how long it took until every reader had an event matching `match`; rejects
 * if any has not within `withinMs` of the start.
 */
export async function arrivesWithin(
  readers: EventReader[],
  match: (event: LiveEvent) => boolean,
  act: () => Promise<unknown>,
  withinMs = 1000,
): Promise<number> {
  const started = performance.now();
  const waiting = readers.map((reader) => reader.waitFor(match, withinMs));
  await act();
  await Promise.all(waiting);
  return performance.now() - started;
}
