import type { NewEvent } from '../domain/event.js';
import type { Execution } from '../domain/executionRecord.js';

export interface ExecutionRepository {
  /** Stores a new execution with its event; 'key_taken' when its idempotency key is in use. */
  insert(e: Execution, event: NewEvent): Promise<'ok' | 'key_taken'>;
  get(id: string): Promise<Execution | null>;
  findByIdempotencyKey(key: string): Promise<Execution | null>;
}
