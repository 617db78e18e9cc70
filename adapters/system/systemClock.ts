import type { Clock } from '../../core/ports/Clock.js';

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
