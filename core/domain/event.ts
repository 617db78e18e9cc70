import { isoTime } from './isoTime.js';
/**
 * Provenance events: one row per milestone of a project, a source, an execution or a profile, and
 * the account audit (users and client addresses: domain/accountEvents.ts), written in the same
 * transaction as the change it records. Kinds are documented in core/README.md.
 */
export type SubjectType = 'project' | 'source' | 'execution' | 'profile' | 'user' | 'address';

/** The project module of events about global things (global deployment profiles). */
export const noProject = '';

export interface NewEvent {
  readonly projectModule: string;
  readonly subjectType: SubjectType;
  readonly subjectId: string;
  readonly kind: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly actor: string | null;
}

export interface ProvenanceEvent extends NewEvent {
  readonly id: number;
  readonly createdAt: Date;
}

export const viewEvent = (e: ProvenanceEvent) => ({
  id: e.id,
  project_module: e.projectModule,
  subject_type: e.subjectType,
  subject_id: e.subjectId,
  kind: e.kind,
  payload: e.payload,
  actor: e.actor,
  created_at: isoTime(e.createdAt),
});

export interface EventPage {
  readonly items: readonly ProvenanceEvent[];
  /** Pass back to read the next page; null at the end. */
  readonly nextCursor: string | null;
}
