import type { Clock } from '#server/clock.ts';

/** A clock tests move by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-03-01T12:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}
