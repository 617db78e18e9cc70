import type { ParamType } from './adql.js';
import type { Budget } from './budget.js';
import type { TransformTable } from './transforms.js';

/**
 * A project's processing policy (our YAML schema, `schema/project/config.ts`, decoded). Documented
 * field by field in schema/README.md; `schema/examples/wallaby_hires.project.yaml` is a full one.
 */
export interface TapArchive {
  readonly kind: 'tap';
  /** The TAP service's base URL (`/sync`, `/async`, `/tables` are below it). */
  readonly url: string;
  /** Longest wait for one query (sync answer, or async job from creation to its result). */
  readonly timeout_seconds: number;
  /** Tries after the first when the archive does not answer or answers 5xx. */
  readonly retries: number;
  /** `archive_credentials`: the worker's ARCHIVE_USERNAME / ARCHIVE_PASSWORD_FILE. */
  readonly auth: 'none' | 'archive_credentials';
  /** sync, async (UWS), or auto: async when a query may return more than `async_above_rows`. */
  readonly mode: 'auto' | 'sync' | 'async';
  readonly async_above_rows: number;
  /** Queries one worker process sends to this archive at once. */
  readonly max_concurrent_queries: number;
  /**
   * Other origins (scheme://host:port) the archive sends us to and that may see its credentials:
   * datalink and SODA hosts (CASDA's are not its TAP host). Nothing else is fetched.
   */
  readonly origins: readonly string[];
  /** A URL that answers 200 only to valid credentials (`surveyor archive ping` checks them there). */
  readonly login_check_url?: string;
}

/**
 * The most sources one execution may hold, whatever a configuration says: every answer about an
 * execution (its status, provenance, a comparison) grows with them, and each must stay cheap to
 * compute on the thread that answers requests.
 */
export const maxSourcesPerExecution = 1000;

export interface TemplateVar {
  readonly from: string;
  readonly transform?: string;
}

export interface QueryParam {
  readonly type: ParamType;
}

/**
 * A query that asks for many sources (or datasets) at once. `in_list`: the ADQL holds
 * `{name:in_list}` placeholders (a parenthesised list of quoted literals) and rows come back to
 * their source where `match.column` equals the source's value of `match.parameter`. `upload`: the
 * ADQL joins `TAP_UPLOAD.sources`, a table with one row per source (`surveyor_key`, then each
 * parameter, and `<name>_like_prefix|suffix|contains` for strings), and must select
 * `surveyor_key`, by which rows come back.
 */
export interface QueryBatch {
  readonly via: 'in_list' | 'upload';
  readonly sources_per_query: number;
  readonly match?: { readonly column: string; readonly parameter: string };
}

export interface DiscoveryQuery {
  readonly name: string;
  readonly archive: string;
  readonly adql: string;
  readonly parameters: Readonly<Record<string, QueryParam>>;
  /** The most rows one source (or dataset) may have; more fails its discovery, naming this limit. */
  readonly max_rows: number;
  readonly batch?: QueryBatch;
}

export interface FieldRule {
  readonly from: string;
  readonly transform?: string;
}

export interface Discovery {
  readonly queries: readonly DiscoveryQuery[];
  /** The query whose rows are the source's datasets. */
  readonly datasets_from: string;
  /** Run once per dataset; their rows land under `enrichments.<name>` of that dataset. */
  readonly enrichments: readonly DiscoveryQuery[];
  readonly field_map: Readonly<Record<string, FieldRule>>;
  readonly discovery_flags: Readonly<Record<string, FieldRule>>;
  /** Flags that must be true before an execution for the source may leave pending. */
  readonly required_flags: readonly string[];
  /**
   * Ask the archive, at each discovery, whether the account may fetch each dataset (its row's
   * `access_url` datalink: DataLink 1.1 `link_authorized`, or CASDA's token left out): a source with
   * data not yet released to the account is held, saying so, and not run.
   */
  readonly access_check: boolean;
  readonly signature: {
    readonly exclude_fields: readonly string[];
    readonly include_discovery_flags: boolean;
  };
}

export interface GraphRef {
  readonly path?: string;
  readonly url?: string;
  readonly sha256: string;
}

/**
 * A graph's name for people and groupings: its file's name (the last part of its path or of its
 * URL's path, never a URL's query), at most 200 characters.
 */
export const graphName = (g: GraphRef): string => {
  const path =
    g.path ?? (g.url ? g.url.replace(/[?#].*$/, '').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') : '');
  const last = path
    .split('/')
    .filter((p) => p.length > 0)
    .pop();
  return (last ?? `graph ${g.sha256.slice(0, 12)}`).slice(0, 200);
};

export interface GraphPatch {
  /** `node_id` matches a node's `id`, or its `key` (older EAGLE graphs), as text. */
  readonly match: { readonly kind: 'node_name' | 'node_category' | 'node_id'; readonly equals: string };
  readonly set: Readonly<Record<string, string | number | boolean>>;
}

export interface Automation {
  readonly discovery: {
    readonly enabled: boolean;
    readonly every_minutes: number;
    readonly sources_per_tick: number;
    readonly batch_size: number;
    readonly batches_in_flight: number;
    readonly stale_after_hours: number;
  };
  readonly execution: {
    readonly enabled: boolean;
    readonly archive_name?: string;
    readonly deployment_profile_name?: string;
    readonly max_sources_per_execution: number;
    readonly sources_per_tick: number;
    readonly runs_per_tick: number;
    readonly concurrent_runs: number;
    readonly min_sources_to_trigger: number;
    readonly max_wait_minutes: number;
    readonly claim_ttl_minutes: number;
    readonly poll_interval_seconds: number;
    readonly poll_max_rounds: number;
    /** Longest a batch job may wait in the cluster's queue before it is cancelled; none: no cap. */
    readonly max_queue_wait_minutes?: number;
    /** Failed runs automation makes of a source (on its data and this version) before it stops trying it. */
    readonly max_failed_runs: number;
    /** Minutes automation waits after a source's first failed run; doubled after each (domain/automationRetry.ts). */
    readonly retry_wait_minutes: number;
  };
}

export interface ProjectConfig {
  readonly apiVersion: 'surveyor/v1';
  readonly kind: 'ProjectConfig';
  readonly metadata: { readonly module: string; readonly description: string };
  readonly archives: Readonly<Record<string, TapArchive>>;
  readonly transforms: TransformTable;
  readonly source_identity: {
    readonly pattern?: string;
    readonly template_vars: Readonly<Record<string, TemplateVar>>;
  };
  readonly discovery: Discovery;
  readonly manifest: {
    readonly group_by: readonly string[];
    readonly source_template: Readonly<Record<string, string>>;
  };
  readonly graph: GraphRef;
  readonly graph_patches: readonly GraphPatch[];
  readonly output_verification: { readonly required: boolean; readonly inventory_schema?: string };
  readonly automation: Automation;
  /** The project's compute budget per UTC month (domain/budget.ts); none: no limit. */
  readonly budget?: Budget;
}
