/** Time comes from here so tests (and the simulator) can move it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
