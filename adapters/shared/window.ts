/** The start of the fixed window of `seconds` that contains `now` (windows align to the epoch). */
export const windowStart = (now: Date, seconds: number): Date => {
  const ms = seconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
};
