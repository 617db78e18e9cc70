import type { JobHandler } from '../ports/JobHandler.js';
import type { Tick } from '../ports/Tick.js';

/**
 * What one feature gives the worker and the scheduler: the handlers of its job kinds and its ticks
 * on the settings `S` they read. Each feature folder has one (`<feature>Feature.ts`);
 * `core/app/features.ts` lists them, so a new job kind or tick is added in its feature's folder.
 */
export interface Feature<S = unknown> {
  readonly jobs: readonly JobHandler[];
  readonly ticks: (settings: S) => readonly Tick[];
}

/** A feature's part with no ticks. */
export const noTicks = (): readonly Tick[] => [];
