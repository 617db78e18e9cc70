import { artifactNames } from '../../domain/artifactNames.js';
import type { ProvenanceEvent } from '../../domain/event.js';
import type { Execution } from '../../domain/executionRecord.js';
import { type StagedFile, verificationOf } from '../../domain/manifest.js';
import type { ProjectConfigVersion } from '../../domain/projectVersion.js';
import { dateTime, ProvBuilder, type ProvDocument, qualified, segment } from '../../domain/prov.js';
import type { Source } from '../../domain/source.js';
import type { ArtifactInfo } from '../../ports/ArtifactStore.js';

export interface ProvenanceInput {
  readonly execution: Execution;
  readonly config: ProjectConfigVersion | null;
  /** The execution's sources as they are now (their metadata as used is named by its signature). */
  readonly sources: readonly Source[];
  readonly artifacts: readonly ArtifactInfo[];
  /** What each attempt staged (its `staged.json`), by attempt. */
  readonly staged: ReadonlyMap<number, readonly { readonly key: string; readonly file: StagedFile }[]>;
  readonly events: readonly ProvenanceEvent[];
  /** The service's address as its users reach it (SERVICE_PUBLIC_URL): every id is a URI under it. */
  readonly publicUrl: string;
  readonly serviceVersion: string;
}

/** Our vocabulary's prefix (types and attributes); docs/operations.md, "Provenance", lists its terms. */
const sv = 'sv';
const t = (name: string) => qualified(`${sv}:${name}`);

/** The steps of an attempt, by the events that start and end them. */
const steps = [
  { name: 'staging', type: 'Staging', start: ['execution.staging'], end: ['execution.staged'] },
  {
    name: 'translation',
    type: 'Translation',
    start: ['execution.staged', 'execution.staging_skipped'],
    end: ['execution.translated', 'execution.dry_run_completed'],
  },
  { name: 'deployment', type: 'Deployment', start: ['execution.translated'], end: ['execution.submitted'] },
  {
    name: 'run',
    type: 'RemoteRun',
    start: ['execution.submitted'],
    end: ['execution.completed', 'execution.failed', 'execution.cancelled'],
  },
] as const;

/**
 * An execution's provenance as a W3C PROV document: what it used (the configuration version, the
 * graph file by digest, each source's metadata as discovered, the staged datasets with their
 * checksums and archive identifiers), what each attempt made (manifest, patched and translated
 * graphs, the outputs DALiuGE reported), the activities that made them (discovery, staging,
 * translation, deployment, the DALiuGE session or Slurm job, verification) with their times, and
 * who and what acted (the users who created and executed it, this service, the translator, the
 * island manager or the Slurm cluster and account). Ids are URIs under the service's address.
 */
export const provenanceDocument = (i: ProvenanceInput): ProvDocument => {
  const e = i.execution;
  const base = `${i.publicUrl.replace(/\/+$/, '')}/api/v2/`;
  const p = new ProvBuilder({ surveyor: base, [sv]: `${base}provenance-terms#` });
  const id = (...parts: (string | number)[]) => `surveyor:${parts.map((x) => segment(String(x))).join('/')}`;
  const exec = (...parts: (string | number)[]) => id('executions', e.id, ...parts);

  // Agents.
  const service = p.agent(id('service'), {
    'prov:type': qualified('prov:SoftwareAgent'),
    'prov:label': 'surveyor',
    [`${sv}:version`]: i.serviceVersion,
  });
  const user = (name: string) => p.agent(id('users', name), { 'prov:type': qualified('prov:Person') });
  const creator = user(e.createdBy);
  const asked = i.events.find((x) => x.kind === 'execution.execute_requested');
  const executor = asked?.actor ? user(asked.actor) : null;
  const profile = e.profileSnapshot;
  const translator = p.agent(exec('translator'), {
    'prov:type': qualified('prov:SoftwareAgent'),
    'prov:label': 'DALiuGE translator',
    [`${sv}:url`]: profile.translation.tm_url ?? 'the service default (SERVICE_TRANSLATOR_URL)',
    [`${sv}:algorithm`]: profile.translation.algo,
  });
  const d = profile.deployment;
  const backend =
    d.kind === 'rest_remote'
      ? p.agent(exec('island-manager'), {
          'prov:type': qualified('prov:SoftwareAgent'),
          'prov:label': 'DALiuGE island manager',
          [`${sv}:host`]: d.deploy_host,
          [`${sv}:port`]: d.deploy_port,
        })
      : p.agent(exec('slurm'), {
          'prov:type': qualified('prov:Organization'),
          'prov:label': 'Slurm cluster',
          [`${sv}:loginNode`]: d.login_node,
          [`${sv}:account`]: d.account,
          [`${sv}:facility`]: d.facility,
        });
  if (executor) p.relate('actedOnBehalfOf', service, executor, null);

  // What the execution was made with.
  const whole = p.activity(exec(), {
    'prov:type': t('Execution'),
    'prov:startTime': dateTime(e.createdAt),
    ...(e.finishedAt ? { 'prov:endTime': dateTime(e.finishedAt) } : {}),
    [`${sv}:state`]: e.state,
    [`${sv}:attempts`]: e.attempt,
  });
  p.relate('wasAssociatedWith', whole, creator, null);
  if (executor) p.relate('wasAssociatedWith', whole, executor, null);
  const config = p.entity(id('project-configs', e.projectModule, 'versions', e.configVersion), {
    'prov:type': t('ProjectConfiguration'),
    ...(i.config ? { [`${sv}:contentHash`]: i.config.contentHash } : {}),
  });
  const graphPin = i.config?.config.graph;
  const graph = graphPin
    ? p.entity(id('graphs', graphPin.sha256), {
        'prov:type': t('LogicalGraph'),
        [`${sv}:sha256`]: graphPin.sha256,
        'prov:label': graphPin.path ?? graphPin.url ?? graphPin.sha256,
      })
    : null;
  const profileEntity = p.entity(exec('profile'), {
    'prov:type': t('DeploymentProfile'),
    'prov:label': profile.name,
    [`${sv}:version`]: profile.version,
    [`${sv}:backend`]: d.kind,
  });
  p.relate('used', whole, config, null);
  p.relate('used', whole, profileEntity, null);
  const used = (e.runRecord['source_signatures'] ?? {}) as Record<string, string | null>;
  const sourceById = new Map(i.sources.map((s) => [s.id, s]));
  const metadata = e.sourceIds.flatMap((sid) => {
    const s = sourceById.get(sid);
    const signature = used[sid] ?? s?.signature ?? null;
    if (signature === null) return [];
    const m = p.entity(id('sources', sid, 'metadata', signature), {
      'prov:type': t('SourceMetadata'),
      ...(s ? { [`${sv}:sourceIdentifier`]: s.sourceIdentifier } : {}),
      [`${sv}:signature`]: signature,
    });
    const discovery = p.activity(id('sources', sid, 'discovery', signature), {
      'prov:type': t('Discovery'),
      ...(s?.discoveredAt && s.signature === signature ? { 'prov:endTime': dateTime(s.discoveredAt) } : {}),
    });
    p.relate('wasGeneratedBy', m, discovery, null);
    p.relate('wasAssociatedWith', discovery, service, null);
    p.relate('used', discovery, config, null);
    return [m];
  });

  // Each attempt: its steps, what they used and made.
  for (let n = 1; n <= e.attempt; n++) {
    const mine = i.events.filter((x) => x.payload['attempt'] === n);
    const at = (kinds: readonly string[]) => mine.find((x) => kinds.includes(x.kind))?.createdAt;
    const made = new Map(i.artifacts.filter((a) => a.attempt === n).map((a) => [a.name, a]));
    const artifact = (name: string, type: string) => {
      const a = made.get(name);
      return a
        ? p.entity(exec('attempts', n, name), {
            'prov:type': t(type),
            [`${sv}:sha256`]: a.sha256,
            [`${sv}:size`]: a.size,
          })
        : null;
    };
    const act: Record<string, string | null> = {};
    for (const s of steps) {
      const start = at(s.start);
      const end = at(s.end);
      act[s.name] =
        start || end
          ? p.activity(exec('attempts', n, s.name), {
              'prov:type': t(s.type),
              ...(start ? { 'prov:startTime': dateTime(start) } : {}),
              ...(end ? { 'prov:endTime': dateTime(end) } : {}),
            })
          : null;
    }
    const { staging, translation, deployment, run } = act;
    if (staging) {
      p.relate('wasAssociatedWith', staging, service, null);
      p.relate('wasInformedBy', staging, whole);
      for (const m of metadata) p.relate('used', staging, m, null);
      for (const { key, file } of i.staged.get(n) ?? []) {
        const ds = p.entity(exec('attempts', n, 'datasets', key), {
          'prov:type': t('StagedDataset'),
          [`${sv}:archiveIdentifier`]: file.dataset_id,
          [`${sv}:accessUrl`]: file.url,
          ...(file.checksum ? { [`${sv}:checksum`]: file.checksum } : {}),
          ...(file.size !== null ? { [`${sv}:size`]: file.size } : {}),
        });
        p.relate('wasGeneratedBy', ds, staging, null);
        if (translation) p.relate('used', translation, ds, null);
        // Each file says how its bytes were checked: a checksum is claimed only where one was.
        (file.files ?? []).forEach((part, k) => {
          const verified = verificationOf(part);
          const f = p.entity(exec('attempts', n, 'datasets', key, 'files', k), {
            'prov:type': t('StagedFile'),
            'prov:label': part.name,
            [`${sv}:size`]: part.size,
            [`${sv}:verifiedBy`]: verified,
            ...(verified === 'checksum' && part.checksum ? { [`${sv}:checksum`]: part.checksum } : {}),
          });
          p.relate('hadMember', ds, f);
        });
      }
    }
    const manifest = artifact(artifactNames.manifest, 'Manifest');
    const patched = artifact(artifactNames.patchedGraph, 'PatchedGraph');
    const translated = artifact(artifactNames.translated, 'TranslatedGraph');
    if (translation) {
      p.relate('wasAssociatedWith', translation, translated ? translator : service, null);
      p.relate('wasInformedBy', translation, staging ?? whole);
      p.relate('used', translation, config, null);
      if (graph) p.relate('used', translation, graph, null);
      for (const m of metadata) p.relate('used', translation, m, null);
      for (const x of [manifest, patched, translated])
        if (x) p.relate('wasGeneratedBy', x, translation, null);
    }
    if (manifest) for (const m of metadata) p.relate('wasDerivedFrom', manifest, m);
    if (patched && graph) p.relate('wasDerivedFrom', patched, graph);
    if (translated && patched) p.relate('wasDerivedFrom', translated, patched);
    if (deployment) {
      p.relate('wasAssociatedWith', deployment, service, null);
      if (translation) p.relate('wasInformedBy', deployment, translation);
      if (translated) p.relate('used', deployment, translated, null);
    }
    if (run) {
      p.activity(run, {
        'prov:label': d.kind === 'rest_remote' ? 'DALiuGE session' : 'Slurm job',
        ...(n === e.attempt && e.schedulerJobId ? { [`${sv}:schedulerJobId`]: e.schedulerJobId } : {}),
      });
      p.relate('wasAssociatedWith', run, backend, null);
      if (deployment) p.relate('wasInformedBy', run, deployment);
      if (translated) p.relate('used', run, translated, null);
      const outputs =
        n === e.attempt ? (e.runRecord['outputs'] as Record<string, unknown> | undefined) : undefined;
      if (outputs) {
        const o = p.entity(exec('attempts', n, 'outputs'), {
          'prov:type': t('Outputs'),
          ...(typeof outputs['count'] === 'number' ? { [`${sv}:count`]: outputs['count'] } : {}),
          ...(typeof outputs['incomplete_count'] === 'number'
            ? { [`${sv}:incompleteCount`]: outputs['incomplete_count'] }
            : {}),
          ...(typeof outputs['skipped_count'] === 'number'
            ? { [`${sv}:skippedCount`]: outputs['skipped_count'] }
            : {}),
        });
        p.relate('wasGeneratedBy', o, run, null);
        const verification = p.activity(exec('attempts', n, 'verification'), {
          'prov:type': t('OutputVerification'),
          ...(e.finishedAt
            ? { 'prov:startTime': dateTime(e.finishedAt), 'prov:endTime': dateTime(e.finishedAt) }
            : {}),
          [`${sv}:required`]: outputs['required'] === true,
        });
        p.relate('used', verification, o, null);
        p.relate('wasAssociatedWith', verification, service, null);
      }
    }
  }
  return p.document();
};
