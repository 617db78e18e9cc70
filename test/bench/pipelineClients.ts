// What the pipeline benches share: clients that create and execute as API callers would (in this
// process, on the use cases), and the wait until every execution ended completed.
import * as E from 'fp-ts/lib/Either.js';
import type { ExecutionFigures } from '../../core/ports/ExecutionFigures.js';
import { createExecution } from '../../core/usecases/executions/createExecution.js';
import { requestExecute } from '../../core/usecases/executions/requestExecute.js';
import type { executionDeps } from '../../hosts/composition/composition.js';

/** `total` executions, one source each (cycling through `names`), by `clients` at once. */
export const createAndExecute = async (
  deps: ReturnType<typeof executionDeps>,
  names: readonly string[],
  total: number,
  clients = 8,
) => {
  let next = 0;
  const client = async () => {
    while (next < total) {
      const i = next++;
      const r = await createExecution(
        deps,
        {
          project_module: 'wallaby_hires',
          archive_name: 'casda',
          sources: [{ source_identifier: names[i % names.length]! }],
        },
        { requestHash: '', by: 'bench' },
      );
      if (E.isLeft(r)) throw new Error(r.left.message);
      const x = await requestExecute(deps, r.right.execution.id, {}, 'bench');
      if (E.isLeft(x)) throw new Error(x.left.message);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
};

/** Resolves once `total` executions ended; throws when any ended other than completed. */
export const untilAllCompleted = async (repo: ExecutionFigures, total: number) => {
  for (;;) {
    const counts = await repo.countsByState();
    const ended = counts.filter((c) => ['completed', 'failed', 'cancelled'].includes(c.state));
    if (ended.reduce((n, c) => n + c.count, 0) >= total) {
      const bad = counts.find((c) => c.state !== 'completed' && ended.includes(c));
      if (bad) throw new Error(`${bad.count} executions ended ${bad.state}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
};
