import type { Random } from '../../core/ports/Random.js';

/** Deterministic ids and tokens: a counter dressed as a UUID. */
export class SequentialRandom implements Random {
  private n = 0;
  uuid(): string {
    this.n += 1;
    const hex = this.n.toString(16).padStart(12, '0');
    return `00000000-0000-4000-8000-${hex}`;
  }
  token(bytes: number): string {
    this.n += 1;
    return `tok${this.n}`.padEnd(Math.ceil((bytes * 4) / 3), 'x');
  }
  /** Cycles through a fixed spread of values: deterministic, yet not constant. */
  fraction(): number {
    this.n += 1;
    return (this.n * 0.618033988749895) % 1;
  }
}
