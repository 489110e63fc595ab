/** Current time, injectable so tests can move past expiry windows without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
