import type { Clock } from '../../core/ports/Clock.js';

/** A clock that moves only when told: time-dependent rules become exact in tests. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date = new Date('2026-01-01T00:00:00Z')) {
    this.t = start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(seconds: number): void {
    this.t += seconds * 1000;
  }
  set(d: Date): void {
    this.t = d.getTime();
  }
}
