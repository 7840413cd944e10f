/** Time comes from here so tests (and the simulator) can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward; used by tests, the demo seed and the test-only clock control. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now() {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  advance(ms: number) {
    this.offsetMs += ms;
  }
  set(at: Date) {
    this.offsetMs = at.getTime() - this.base.now().getTime();
  }
}
