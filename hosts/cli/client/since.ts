import { UsageError } from './clientCommand.js';

const units = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A time for a list's `--since`: `90m`, `12h` or `3d` ago (as a UTC date-time), or what the server
 * takes as it is (a UTC month, a day, a date-time with its offset), which it checks.
 */
export const sinceTime = (text: string, now = new Date()): string => {
  const m = /^(\d{1,6})([mhd])$/.exec(text);
  if (m) return new Date(now.getTime() - Number(m[1]) * units[m[2] as keyof typeof units]).toISOString();
  if (/^\d+$/.test(text))
    throw new UsageError(`--since ${text}: say the unit (${text}h, ${text}d) or give a date`);
  return text;
};
