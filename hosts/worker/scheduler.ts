import type { Tick } from '../../core/ports/Tick.js';
import type { Clock } from '../../core/ports/Clock.js';
import type { Logger } from '../../adapters/log/logger.js';

export interface LeaderLock {
  tryAcquire(): Promise<boolean>;
  release(): Promise<void>;
}

export interface SchedulerObserver {
  tickSeconds(name: string, seconds: number): void;
  leader(isLeader: boolean): void;
}

/**
 * Runs recurring ticks while this process holds the leader lock. Every `checkSeconds` it (re)checks
 * leadership; a follower takes over within that time after the leader dies.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;
  private leading = false;
  private readonly lastRun = new Map<string, number>();
  private round: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly lock: LeaderLock,
    private readonly ticks: readonly Tick[],
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly observer: SchedulerObserver,
    private readonly checkSeconds: number,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    const schedule = () => {
      if (this.stopped) return;
      this.round = this.roundOnce().finally(() => {
        // A stop during the round must not leave a timer behind: it would hold the process open.
        if (!this.stopped) this.timer = setTimeout(schedule, this.checkSeconds * 1000);
      });
    };
    schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.round;
    if (this.leading) await this.lock.release();
    this.leading = false;
  }

  private async roundOnce(): Promise<void> {
    let leader = false;
    try {
      leader = await this.lock.tryAcquire();
    } catch (err) {
      this.log.warn({ err }, 'leader check failed');
    }
    if (leader !== this.leading) {
      this.log.info({ leader }, leader ? 'became the scheduler leader' : 'no longer the scheduler leader');
      this.leading = leader;
      this.observer.leader(leader);
    }
    if (!leader) return;
    for (const tick of this.ticks) {
      const now = this.clock.now();
      const last = this.lastRun.get(tick.name);
      if (last !== undefined && now.getTime() - last < tick.everySeconds * 1000) continue;
      this.lastRun.set(tick.name, now.getTime());
      const started = process.hrtime.bigint();
      try {
        const { counts, warnings } = await tick.run(now);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.observer.tickSeconds(tick.name, seconds);
        // A tick that found nothing to do is noise at info: every few seconds, all day.
        const idle = Object.values(counts).every((n) => n === 0);
        this.log[idle ? 'debug' : 'info'](
          { tick: tick.name, ms: Math.round(seconds * 1000), ...counts },
          'tick',
        );
        for (const w of warnings) this.log.warn({ tick: tick.name }, w);
      } catch (err) {
        this.log.error({ err, tick: tick.name }, 'tick failed');
      }
    }
  }
}
