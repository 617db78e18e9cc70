import type { StagedFile } from '../../core/domain/manifest.js';
import type { StageProgress, StageRequest, Stager } from '../../core/ports/Stager.js';
import { sleep } from '../shared/sleep.js';

/**
 * Staging of the mock backends: nothing is downloaded; each dataset gets a deterministic staged
 * path from its archive row. A source whose identifier contains MOCKSLOWSTAGE takes `slowMs` per
 * dataset (to test crashes mid-run); one containing MOCKSTAGEFAIL fails as an unreachable archive.
 */
export class MockStager implements Stager {
  constructor(private readonly slowMs = 2000) {}

  /** Nothing is stored to check: the same dataset name and link is the same (mock) file. */
  async reusable(req: StageRequest, previous: StagedFile): Promise<string | null> {
    const row = (req.dataset['row'] ?? {}) as Record<string, unknown>;
    const name = String(row['filename'] ?? `${req.sourceIdentifier}_${req.datasetIndex}`);
    return previous.dataset_id === String(req.dataset['dataset_id'] ?? name)
      ? null
      : 'another dataset (mock)';
  }

  async stage(req: StageRequest, _progress: StageProgress, signal?: AbortSignal): Promise<StagedFile> {
    if (req.sourceIdentifier.includes('MOCKSTAGEFAIL'))
      throw new Error('the archive refused the staging request (mock)');
    if (req.sourceIdentifier.includes('MOCKSLOWSTAGE')) await sleep(this.slowMs, signal);
    const row = (req.dataset['row'] ?? {}) as Record<string, unknown>;
    const name = String(row['filename'] ?? `${req.sourceIdentifier}_${req.datasetIndex}`);
    return {
      dataset_id: String(req.dataset['dataset_id'] ?? name),
      url: String(row['access_url'] ?? `mock://archive/${encodeURIComponent(name)}`),
      path: `staged/${req.executionId}/${req.sourceIdentifier}/${name}`,
      size: typeof row['filesize'] === 'number' ? row['filesize'] : null,
    };
  }
}
