/** Milliseconds since the epoch. Features that count time (code expiry, sign-in locks) take one, so tests can move it. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();
