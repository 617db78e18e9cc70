import { UsageError } from './clientCommand.js';

const units = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90m`, `12h` or `3d` as milliseconds; null for other text; a bare number is refused (which unit?). */
const span = (option: string, text: string): number | null => {
  const m = /^(\d{1,6})([mhd])$/.exec(text);
  if (m) return Number(m[1]) * units[m[2] as keyof typeof units];
  if (/^\d+$/.test(text))
    throw new UsageError(`${option} ${text}: say the unit (${text}h, ${text}d) or give a date`);
  return null;
};

/**
 * A time for a list's `--since`: `90m`, `12h` or `3d` ago (as a UTC date-time), or what the server
 * takes as it is (a UTC month, a day, a date-time with its offset), which it checks.
 */
export const sinceTime = (text: string, now = new Date()): string => {
  const ms = span('--since', text);
  return ms === null ? text : new Date(now.getTime() - ms).toISOString();
};

/**
 * A time ahead for a window's `--from` or `--until`: in `90m`, `12h` or `3d` (as a UTC date-time),
 * or a date-time with its offset as given, which the server checks.
 */
export const aheadTime = (option: string, text: string, now = new Date()): string => {
  const ms = span(option, text);
  return ms === null ? text : new Date(now.getTime() + ms).toISOString();
};
