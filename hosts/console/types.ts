// The API's bodies, as the codecs in schema/api define them: the console breaks at compile time
// when a codec changes under it. Type imports only: no codec code reaches the bundle.
import type * as t from 'io-ts';
import type { Me, UserList as UserListCodec } from '../../schema/api/auth.js';
import type { ApiTokenCreated, ApiTokenList } from '../../schema/api/apiTokens.js';
import type {
  ExecutionComparisonView,
  ExecutionPageView,
  ExecutionStatusView,
  ExecutionSummaryView,
  ExecutionView,
  LedgerSnapshotView,
} from '../../schema/api/executions.js';
import type { OverviewView } from '../../schema/api/overview.js';
import type { ProjectUsageView } from '../../schema/api/usage.js';
import type {
  EventPageView,
  EventView,
  ProjectConfigVersionList,
  ProjectConfigVersionView,
  ProjectList,
} from '../../schema/api/projects.js';
import type {
  ProjectAutomationView,
  SourceBulkResult,
  SourcePageView,
  SourceStatusView,
  SourceView,
} from '../../schema/api/sources.js';
import type { ProfileList, ProfilePingView, ProfileView } from '../../schema/api/profiles.js';
import type {
  ChannelList,
  ChannelView,
  DeliveryList,
  DeliveryView,
  RuleList,
  RuleView,
} from '../../schema/api/alerts.js';

export type MeBody = t.TypeOf<typeof Me>;
export type UserList = t.TypeOf<typeof UserListCodec>;
export type ApiTokens = t.TypeOf<typeof ApiTokenList>;
export type ApiTokenMade = t.TypeOf<typeof ApiTokenCreated>;
export type Execution = t.TypeOf<typeof ExecutionView>;
export type ExecutionPage = t.TypeOf<typeof ExecutionPageView>;
export type ExecutionStatus = t.TypeOf<typeof ExecutionStatusView>;
export type ExecutionSummary = t.TypeOf<typeof ExecutionSummaryView>;
export type Overview = t.TypeOf<typeof OverviewView>;
export type ProvenanceEvent = t.TypeOf<typeof EventView>;
export type EventPage = t.TypeOf<typeof EventPageView>;
export type Projects = t.TypeOf<typeof ProjectList>;
export type ConfigVersion = t.TypeOf<typeof ProjectConfigVersionView>;
export type ConfigVersionList = t.TypeOf<typeof ProjectConfigVersionList>;
export type Source = t.TypeOf<typeof SourceView>;
export type SourcePage = t.TypeOf<typeof SourcePageView>;
export type BulkResult = t.TypeOf<typeof SourceBulkResult>;
export type Profile = t.TypeOf<typeof ProfileView>;
export type ProfilePage = t.TypeOf<typeof ProfileList>;
export type Ping = t.TypeOf<typeof ProfilePingView>;
export type Ledger = t.TypeOf<typeof LedgerSnapshotView>;
export type ExecutionComparison = t.TypeOf<typeof ExecutionComparisonView>;
export type Channel = t.TypeOf<typeof ChannelView>;
export type ChannelPage = t.TypeOf<typeof ChannelList>;
export type Rule = t.TypeOf<typeof RuleView>;
export type RulePage = t.TypeOf<typeof RuleList>;
export type Delivery = t.TypeOf<typeof DeliveryView>;
export type DeliveryPage = t.TypeOf<typeof DeliveryList>;
export type SourceStatus = t.TypeOf<typeof SourceStatusView>;
export type ProjectUsage = t.TypeOf<typeof ProjectUsageView>;
export type ProjectAutomation = t.TypeOf<typeof ProjectAutomationView>;
