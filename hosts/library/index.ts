// The package's entry: surveyor embedded in another TypeScript tool. `createSurveyor` runs the
// application on PostgreSQL; the core's types, ports and rules come with it (also alone at
// `surveyor/core`, without any I/O module), the in-memory harness at `surveyor/harness`.
export * from '../../core/index.js';
export { createSurveyor, type Surveyor, type SurveyorOptions } from './createSurveyor.js';
export type { Alerts, Ops, ProfileInputValue, SurveyorFace } from './face.js';
export type { ProfileInput } from '../../schema/api/profiles.js';
