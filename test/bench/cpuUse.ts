// CPU seconds (user + system) that processes used, read from /proc: what a benchmark's work cost
// whatever the machine's speed on the day (which the rates follow and these vary less with).
import { readdirSync, readFileSync } from 'node:fs';

// Fields 14 and 15 of /proc/<pid>/stat, after the command name (which may hold spaces), in clock
// ticks of 10 ms.
const ticksOf = (stat: string) => {
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};

/** Every PostgreSQL process on the machine: a pool's backends live through a timed run. */
export const postgresCpu = () => {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) ticks += ticksOf(stat);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100;
};

/** One process (all its threads). */
export const processCpu = (pid: number) => ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')) / 100;

/** This process, to the microsecond. */
export const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
