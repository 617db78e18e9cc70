import type { SurveyorDeps } from './deps.js';
import { executionCommands } from './executionCommands.js';
import { executionQueries } from './executionQueries.js';

export type { CreateOptions } from './executionCommands.js';

/** Executions: the commands (executionCommands.ts) and the queries (executionQueries.ts), one face. */
export const executionOperations = (d: SurveyorDeps) => ({ ...executionCommands(d), ...executionQueries(d) });
