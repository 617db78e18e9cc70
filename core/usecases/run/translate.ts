import { artifactNames } from '../../domain/artifactNames.js';
import { externalName } from '../../domain/externalWork.js';
import type { Execution } from '../../domain/executionRecord.js';
import { graphTemplateFor, patchedGraphText } from '../../domain/graphPatch.js';
import { LeaseLostError, PermanentJobError } from '../../domain/job.js';
import { buildManifest, manifestContent, type StagedFile } from '../../domain/manifest.js';
import { canonicalJson } from '../../domain/canonicalJson.js';
import type { SubmitRequest } from '../../ports/DeploymentBackend.js';
import { type DropSpec, dropCount } from '../../ports/Translator.js';
import { executionEvent } from '../../domain/execution.js';
import { graphName } from '../../domain/projectConfig.js';
import {
  type Attempt,
  artifactWrites,
  commit,
  configOf,
  type StagedEntry,
  saveArtifacts,
  sourcesAsUsed,
  sourcesOf,
  step,
} from './attempt.js';

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
const reusableTranslation = async (
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

/**
 * The translate step: the manifest from the staged files, the pinned graph checked against its
 * sha256 and patched, the translator's partition (and map, for rest_remote), all kept as
 * artifacts, then the intent stored with `translated` (or, for a dry run, the end). What it
 * translated is handed to the submit step in memory; a run resumed after a crash reads it back.
 */
export const translate = async (a: Attempt, e: Execution): Promise<void> => {
  const config = await configOf(a, e);
  const sources = await sourcesOf(a, e);
  const stagedList =
    a.staged?.id === e.id && a.staged.attempt === e.attempt
      ? a.staged.files
      : await a.deps.artifacts
          .artifact(e.id, e.attempt, artifactNames.staged)
          .then((text) => (text ? (JSON.parse(text) as StagedEntry[]) : []));
  const staged = new Map<string, StagedFile>(stagedList.map((x) => [x.key, x.file]));
  let manifest: ReturnType<typeof buildManifest>;
  try {
    manifest = buildManifest(
      config,
      { executionId: e.id, attempt: e.attempt, configVersion: e.configVersion },
      sources,
      staged,
    );
  } catch (err) {
    throw new PermanentJobError((err as Error).message);
  }
  const manifestText = JSON.stringify(manifest, null, 2);

  const { text: graphText, sha256: graphSha } = await a.deps.graphs.load(config.graph, a.ctx.signal);
  if (graphSha !== config.graph.sha256)
    throw new PermanentJobError(
      `the graph ${config.graph.path ?? config.graph.url} has sha256 ${graphSha}, but the configuration pins ${config.graph.sha256}`,
    );
  const template = graphTemplateFor(graphSha, graphText);
  if (typeof template === 'string') throw new PermanentJobError(template);
  const patched = patchedGraphText(template, config.graph_patches, manifest.sources);
  if (typeof patched === 'string') throw new PermanentJobError(patched);
  const { applied, configuration, text: patchedText } = patched;
  // The manifest and the patched graph are written with the translated graph and the step's
  // change, in one statement.
  const artifacts = [
    { name: artifactNames.manifest, mediaType: 'application/json', content: manifestText },
    { name: artifactNames.patchedGraph, mediaType: 'application/json', content: patchedText },
    // What the run used of each source, for a reproduction to use again.
    {
      name: artifactNames.sources,
      mediaType: 'application/json',
      content: JSON.stringify(sourcesAsUsed(sources)),
    },
  ];
  const shaOf = (writes: readonly { name: string; sha256: string }[], name: string) =>
    writes.find((w) => w.name === name)!.sha256;
  const signatures = Object.fromEntries(sources.map((s) => [s.id, s.signature]));
  const builtWith = (manifestSha: string, patchedSha: string) => ({
    manifest_sha256: manifestSha,
    // The manifest without what names this run: equal for runs of the same inputs.
    manifest_content_sha256: a.deps.digest.digest(canonicalJson(manifestContent(manifest), new Set())),
    graph_sha256: graphSha,
    graph_name: graphName(config.graph),
    patched_graph_sha256: patchedSha,
    patches: applied,
    // The graph's own EAGLE configuration, applied under the patches (null: none applied).
    graph_configuration: configuration,
    source_signatures: signatures,
  });

  if (!e.doSubmit) {
    const writes = artifactWrites(a, e, artifacts);
    const manifestSha = shaOf(writes, artifactNames.manifest);
    const patchedSha = shaOf(writes, artifactNames.patchedGraph);
    const built = builtWith(manifestSha, patchedSha);
    await step(
      a,
      e,
      'dry_run_finished',
      {
        runRecord: { ...e.runRecord, ...built, dry_run: true, remote_terminal: true },
        finishedAt: a.deps.clock.now(),
      },
      { manifest_sha256: manifestSha, patched_graph_sha256: patchedSha, patches: applied.length },
      writes,
    );
    return;
  }
  const profile = e.profileSnapshot;
  const backend = a.deps.backends.get(profile.deployment.kind);
  const d = profile.deployment;
  const mapped = backend.needsMapping && d.kind === 'rest_remote';
  let translatorVersion: string | null = null;
  const afresh = async (): Promise<readonly DropSpec[]> => {
    try {
      const partitioned = await a.deps.translator.partition(patchedText, profile.translation, a.ctx.signal);
      // Which DALiuGE translated it, for comparisons of runs; not knowing is recorded as such.
      translatorVersion = await a.deps.translator
        .version(profile.translation, a.ctx.signal)
        .catch(() => null);
      return mapped
        ? await a.deps.translator.map(
            partitioned,
            profile.translation,
            {
              host: d.dim_host_for_tm ?? d.deploy_host,
              port: d.dim_host_for_tm ? d.dim_port_for_tm : d.deploy_port,
            },
            a.ctx.signal,
          )
        : partitioned;
    } catch (err) {
      // What the translator was given stays downloadable when it fails (unless the job is over).
      if (!(err instanceof LeaseLostError) && !a.ctx.signal.aborted)
        await saveArtifacts(a, e, artifacts).catch(() => undefined);
      throw err;
    }
  };
  // A retry submits what an earlier attempt translated when nothing it was made from changed.
  const translated = (await reusableTranslation(a, e, manifestText, patchedText, mapped)) ?? (await afresh());
  const writes = artifactWrites(a, e, [
    ...artifacts,
    { name: artifactNames.translated, mediaType: 'application/json', content: JSON.stringify(translated) },
  ]);
  const manifestSha = shaOf(writes, artifactNames.manifest);
  const patchedSha = shaOf(writes, artifactNames.patchedGraph);
  const translatedSha = shaOf(writes, artifactNames.translated);
  const built = builtWith(manifestSha, patchedSha);
  a.translated = { id: e.id, attempt: e.attempt, graph: translated, manifest };
  const intent = {
    external_name: externalName(e),
    backend: profile.deployment.kind,
    target: backend.target(profile),
  };
  // The intent is stored before anything is sent: after a crash, the next worker looks it up.
  await step(
    a,
    e,
    'translated',
    {
      runRecord: {
        ...e.runRecord,
        ...built,
        translated_sha256: translatedSha,
        translator_version: translatorVersion,
        drops: dropCount(translated),
        intent,
      },
    },
    { drops: dropCount(translated), translated_sha256: translatedSha, patches: applied.length, intent },
    writes,
  );
};

/**
 * The translated graph and manifest to submit: as this run made them, or (a run resumed after a
 * crash) read back from the attempt's artifacts.
 */
export const submittable = async (
  a: Attempt,
  e: Execution,
): Promise<Pick<SubmitRequest, 'graph' | 'manifest'>> => {
  const h = a.translated;
  if (h && h.id === e.id && h.attempt === e.attempt) return h;
  const graphText = await a.deps.artifacts.artifact(e.id, e.attempt, artifactNames.translated);
  const manifestText = await a.deps.artifacts.artifact(e.id, e.attempt, artifactNames.manifest);
  if (!graphText || !manifestText)
    throw new PermanentJobError('the translated graph or the manifest of this attempt is missing');
  return { graph: JSON.parse(graphText), manifest: JSON.parse(manifestText) };
};
