import { artifactNames } from '../../domain/artifactNames.js';
import { canonicalJson } from '../../domain/canonicalJson.js';
import type { Execution } from '../../domain/executionRecord.js';
import { executionEvent } from '../../domain/executionEvents.js';
import type { DropSpec } from '../../ports/Translator.js';
import { type Attempt, commit } from './attempt.js';

const runless = (manifestText: string) => {
  const { attempt: _attempt, ...rest } = JSON.parse(manifestText) as Record<string, unknown>;
  return canonicalJson(rest, new Set());
};

/**
 * What an earlier attempt translated, for a retry to submit again instead of asking the translator:
 * only when its patched graph is this attempt's byte for byte and its manifest the same but for
 * the attempt number, and only for a backend that takes the partition as it is (an island
 * manager's graph is mapped onto the nodes it has now, which may have changed). The reuse is an
 * event, and so is a candidate that does not serve, with why. A retry from scratch reuses nothing.
 */
export const reusableTranslation = async (
  a: Attempt,
  e: Execution,
  manifestText: string,
  patchedText: string,
  needsMapping: boolean,
): Promise<readonly DropSpec[] | null> => {
  if (e.attempt === 1 || e.runRecord['from_scratch'] === true) return null;
  const all = await a.deps.artifacts.artifacts(e.id);
  const from = all
    .filter((x) => x.name === artifactNames.translated && x.attempt < e.attempt && x.contentPrunedAt === null)
    .sort((x, y) => y.attempt - x.attempt)[0]?.attempt;
  if (from === undefined) return null;
  const kept = (name: string) => a.deps.artifacts.artifact(e.id, from, name);
  const [translated, manifest, patched] = await Promise.all([
    kept(artifactNames.translated),
    kept(artifactNames.manifest),
    kept(artifactNames.patchedGraph),
  ]);
  const why = needsMapping
    ? 'the island manager maps the graph onto the nodes it has now'
    : !translated || !manifest || !patched
      ? "the earlier attempt's graphs or manifest are gone"
      : patched !== patchedText
        ? 'the patched graph changed'
        : runless(manifest) !== runless(manifestText)
          ? 'the manifest changed'
          : null;
  if (why !== null) {
    await commit(a, e, {}, [
      executionEvent(e, 'execution.translation_not_reused', { from_attempt: from, why }),
    ]);
    return null;
  }
  await commit(a, e, {}, [
    executionEvent(e, 'execution.translation_reused', {
      from_attempt: from,
      translated_sha256: a.deps.digest.digest(translated!),
      why: 'the same patched graph and manifest, and a backend that takes the partition as it is',
    }),
  ]);
  return JSON.parse(translated!) as DropSpec[];
};
