"""Contains all the data models used in inputs/outputs"""

from .account_events_order import AccountEventsOrder
from .alert_delivery import AlertDelivery
from .alert_delivery_channel_kind import AlertDeliveryChannelKind
from .alert_delivery_list import AlertDeliveryList
from .alert_delivery_state import AlertDeliveryState
from .alert_delivery_type import AlertDeliveryType
from .alert_rule import AlertRule
from .alert_rule_input_type_0 import AlertRuleInputType0
from .alert_rule_input_type_0_states_item import AlertRuleInputType0StatesItem
from .alert_rule_input_type_1 import AlertRuleInputType1
from .alert_rule_input_type_2 import AlertRuleInputType2
from .alert_rule_input_type_3 import AlertRuleInputType3
from .alert_rule_input_type_4 import AlertRuleInputType4
from .alert_rule_input_type_5 import AlertRuleInputType5
from .alert_rule_input_type_6 import AlertRuleInputType6
from .alert_rule_input_type_7 import AlertRuleInputType7
from .alert_rule_input_type_7_dependencies_item import (
    AlertRuleInputType7DependenciesItem,
)
from .alert_rule_input_type_8 import AlertRuleInputType8
from .alert_rule_input_type_9 import AlertRuleInputType9
from .alert_rule_input_type_10 import AlertRuleInputType10
from .alert_rule_input_type_11 import AlertRuleInputType11
from .alert_rule_input_type_12 import AlertRuleInputType12
from .alert_rule_input_type_12_changes_item import AlertRuleInputType12ChangesItem
from .alert_rule_kind import AlertRuleKind
from .alert_rule_list import AlertRuleList
from .api_token import ApiToken
from .api_token_created import ApiTokenCreated
from .api_token_created_role import ApiTokenCreatedRole
from .api_token_created_state import ApiTokenCreatedState
from .api_token_list import ApiTokenList
from .api_token_request import ApiTokenRequest
from .api_token_request_role import ApiTokenRequestRole
from .api_token_role import ApiTokenRole
from .api_token_state import ApiTokenState
from .attempt_usage import AttemptUsage
from .attempt_usage_backend import AttemptUsageBackend
from .attempt_usage_outcome import AttemptUsageOutcome
from .attempt_usage_source import AttemptUsageSource
from .console_token import ConsoleToken
from .deleted import Deleted
from .deployment_profile import DeploymentProfile
from .deployment_profile_deployment import DeploymentProfileDeployment
from .deployment_profile_input import DeploymentProfileInput
from .deployment_profile_input_deployment_type_0 import (
    DeploymentProfileInputDeploymentType0,
)
from .deployment_profile_input_deployment_type_0_ended_sessions import (
    DeploymentProfileInputDeploymentType0EndedSessions,
)
from .deployment_profile_input_deployment_type_1 import (
    DeploymentProfileInputDeploymentType1,
)
from .deployment_profile_input_translation import DeploymentProfileInputTranslation
from .deployment_profile_input_translation_algo import (
    DeploymentProfileInputTranslationAlgo,
)
from .deployment_profile_list import DeploymentProfileList
from .deployment_profile_pause_request import DeploymentProfilePauseRequest
from .deployment_profile_paused_type_0 import DeploymentProfilePausedType0
from .deployment_profile_ping import DeploymentProfilePing
from .deployment_profile_ping_checks_item import DeploymentProfilePingChecksItem
from .deployment_profile_ping_profile import DeploymentProfilePingProfile
from .deployment_profile_ping_profile_kind import DeploymentProfilePingProfileKind
from .deployment_profile_translation import DeploymentProfileTranslation
from .device_poll_answer_type_0 import DevicePollAnswerType0
from .device_poll_answer_type_0_status import DevicePollAnswerType0Status
from .device_poll_answer_type_1 import DevicePollAnswerType1
from .device_poll_request import DevicePollRequest
from .device_sign_in_started import DeviceSignInStarted
from .discover_ack import DiscoverAck
from .discover_ack_skipped_item import DiscoverAckSkippedItem
from .discover_request import DiscoverRequest
from .drop_states import DropStates
from .drop_states_counts import DropStatesCounts
from .drop_states_source import DropStatesSource
from .drop_states_states import DropStatesStates
from .drop_states_states_additional_property import DropStatesStatesAdditionalProperty
from .enabled_patch import EnabledPatch
from .error import Error
from .error_error import ErrorError
from .error_error_code import ErrorErrorCode
from .error_error_details import ErrorErrorDetails
from .execute_request import ExecuteRequest
from .execute_response import ExecuteResponse
from .execute_response_run_record import ExecuteResponseRunRecord
from .execute_response_sources_item import ExecuteResponseSourcesItem
from .execute_response_state import ExecuteResponseState
from .execution import Execution
from .execution_artifact_response_200_type_0 import ExecutionArtifactResponse200Type0
from .execution_comparison import ExecutionComparison
from .execution_comparison_backend import ExecutionComparisonBackend
from .execution_comparison_backend_a import ExecutionComparisonBackendA
from .execution_comparison_backend_a_kind import ExecutionComparisonBackendAKind
from .execution_comparison_backend_b import ExecutionComparisonBackendB
from .execution_comparison_backend_b_kind import ExecutionComparisonBackendBKind
from .execution_comparison_configuration import ExecutionComparisonConfiguration
from .execution_comparison_configuration_a import ExecutionComparisonConfigurationA
from .execution_comparison_configuration_b import ExecutionComparisonConfigurationB
from .execution_comparison_graph import ExecutionComparisonGraph
from .execution_comparison_manifest import ExecutionComparisonManifest
from .execution_comparison_outcome import ExecutionComparisonOutcome
from .execution_comparison_outcome_a import ExecutionComparisonOutcomeA
from .execution_comparison_outcome_a_state import ExecutionComparisonOutcomeAState
from .execution_comparison_outcome_b import ExecutionComparisonOutcomeB
from .execution_comparison_outcome_b_state import ExecutionComparisonOutcomeBState
from .execution_comparison_profile import ExecutionComparisonProfile
from .execution_comparison_profile_a import ExecutionComparisonProfileA
from .execution_comparison_profile_b import ExecutionComparisonProfileB
from .execution_comparison_profile_changes_item import (
    ExecutionComparisonProfileChangesItem,
)
from .execution_comparison_sources import ExecutionComparisonSources
from .execution_comparison_sources_changed_item import (
    ExecutionComparisonSourcesChangedItem,
)
from .execution_comparison_sources_changed_item_fields_type_0_item import (
    ExecutionComparisonSourcesChangedItemFieldsType0Item,
)
from .execution_create import ExecutionCreate
from .execution_create_sources_item import ExecutionCreateSourcesItem
from .execution_events_order import ExecutionEventsOrder
from .execution_page import ExecutionPage
from .execution_provenance_format import ExecutionProvenanceFormat
from .execution_run_record import ExecutionRunRecord
from .execution_sources_item import ExecutionSourcesItem
from .execution_state import ExecutionState
from .execution_status import ExecutionStatus
from .execution_status_budget import ExecutionStatusBudget
from .execution_status_budget_on_exhausted import ExecutionStatusBudgetOnExhausted
from .execution_status_budget_unit import ExecutionStatusBudgetUnit
from .execution_status_phase import ExecutionStatusPhase
from .execution_status_run_record import ExecutionStatusRunRecord
from .execution_status_source_status_item import ExecutionStatusSourceStatusItem
from .execution_status_sources_item import ExecutionStatusSourcesItem
from .execution_status_state import ExecutionStatusState
from .execution_summary import ExecutionSummary
from .execution_summary_durations_seconds import ExecutionSummaryDurationsSeconds
from .execution_summary_phase import ExecutionSummaryPhase
from .execution_summary_state import ExecutionSummaryState
from .execution_summary_usage import ExecutionSummaryUsage
from .execution_summary_usage_total import ExecutionSummaryUsageTotal
from .health import Health
from .identity_provider import IdentityProvider
from .ledger_snapshot import LedgerSnapshot
from .ledger_snapshot_artifacts_item import LedgerSnapshotArtifactsItem
from .ledger_snapshot_configuration import LedgerSnapshotConfiguration
from .ledger_snapshot_configuration_graph_type_0 import (
    LedgerSnapshotConfigurationGraphType0,
)
from .ledger_snapshot_deployment_profile import LedgerSnapshotDeploymentProfile
from .ledger_snapshot_deployment_profile_deployment import (
    LedgerSnapshotDeploymentProfileDeployment,
)
from .ledger_snapshot_deployment_profile_translation import (
    LedgerSnapshotDeploymentProfileTranslation,
)
from .ledger_snapshot_external import LedgerSnapshotExternal
from .ledger_snapshot_sources_item import LedgerSnapshotSourcesItem
from .ledger_snapshot_state import LedgerSnapshotState
from .ledger_snapshot_switches import LedgerSnapshotSwitches
from .ledger_snapshot_transitions_item import LedgerSnapshotTransitionsItem
from .list_deliveries_state import ListDeliveriesState
from .list_executions_state import ListExecutionsState
from .list_sources_discovery_state import ListSourcesDiscoveryState
from .login_request import LoginRequest
from .logout_response import LogoutResponse
from .me import Me
from .me_project_roles import MeProjectRoles
from .me_project_roles_additional_property import MeProjectRolesAdditionalProperty
from .me_role import MeRole
from .notification_channel import NotificationChannel
from .notification_channel_input_type_0 import NotificationChannelInputType0
from .notification_channel_input_type_0_format import (
    NotificationChannelInputType0Format,
)
from .notification_channel_input_type_1 import NotificationChannelInputType1
from .notification_channel_input_type_1_security import (
    NotificationChannelInputType1Security,
)
from .notification_channel_kind import NotificationChannelKind
from .notification_channel_list import NotificationChannelList
from .notification_channel_settings import NotificationChannelSettings
from .notification_channel_test import NotificationChannelTest
from .notification_channel_test_channel_kind import NotificationChannelTestChannelKind
from .notification_channel_test_state import NotificationChannelTestState
from .notification_channel_test_type import NotificationChannelTestType
from .openapi_response_200 import OpenapiResponse200
from .overview import Overview
from .overview_blocked_automation_item import OverviewBlockedAutomationItem
from .overview_ended_by_hour_item import OverviewEndedByHourItem
from .overview_executions_by_project_item import OverviewExecutionsByProjectItem
from .overview_executions_by_state import OverviewExecutionsByState
from .overview_paused_profiles_item import OverviewPausedProfilesItem
from .overview_queue import OverviewQueue
from .password_change_request import PasswordChangeRequest
from .password_changed import PasswordChanged
from .profile_events_order import ProfileEventsOrder
from .project_automation import ProjectAutomation
from .project_automation_sources_item import ProjectAutomationSourcesItem
from .project_automation_sources_item_hold import ProjectAutomationSourcesItemHold
from .project_config import ProjectConfig
from .project_config_archives import ProjectConfigArchives
from .project_config_archives_additional_property_type_0 import (
    ProjectConfigArchivesAdditionalPropertyType0,
)
from .project_config_archives_additional_property_type_0_auth import (
    ProjectConfigArchivesAdditionalPropertyType0Auth,
)
from .project_config_archives_additional_property_type_0_mode import (
    ProjectConfigArchivesAdditionalPropertyType0Mode,
)
from .project_config_automation import ProjectConfigAutomation
from .project_config_automation_discovery import ProjectConfigAutomationDiscovery
from .project_config_automation_execution import ProjectConfigAutomationExecution
from .project_config_budget import ProjectConfigBudget
from .project_config_budget_on_exhausted import ProjectConfigBudgetOnExhausted
from .project_config_budget_period import ProjectConfigBudgetPeriod
from .project_config_budget_unit import ProjectConfigBudgetUnit
from .project_config_discovery import ProjectConfigDiscovery
from .project_config_discovery_discovery_flags import (
    ProjectConfigDiscoveryDiscoveryFlags,
)
from .project_config_discovery_discovery_flags_additional_property import (
    ProjectConfigDiscoveryDiscoveryFlagsAdditionalProperty,
)
from .project_config_discovery_enrichments_item import (
    ProjectConfigDiscoveryEnrichmentsItem,
)
from .project_config_discovery_enrichments_item_batch import (
    ProjectConfigDiscoveryEnrichmentsItemBatch,
)
from .project_config_discovery_enrichments_item_batch_match import (
    ProjectConfigDiscoveryEnrichmentsItemBatchMatch,
)
from .project_config_discovery_enrichments_item_batch_via import (
    ProjectConfigDiscoveryEnrichmentsItemBatchVia,
)
from .project_config_discovery_enrichments_item_parameters import (
    ProjectConfigDiscoveryEnrichmentsItemParameters,
)
from .project_config_discovery_enrichments_item_parameters_additional_property import (
    ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalProperty,
)
from .project_config_discovery_enrichments_item_parameters_additional_property_type import (
    ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalPropertyType,
)
from .project_config_discovery_field_map import ProjectConfigDiscoveryFieldMap
from .project_config_discovery_field_map_additional_property import (
    ProjectConfigDiscoveryFieldMapAdditionalProperty,
)
from .project_config_discovery_queries_item import ProjectConfigDiscoveryQueriesItem
from .project_config_discovery_queries_item_batch import (
    ProjectConfigDiscoveryQueriesItemBatch,
)
from .project_config_discovery_queries_item_batch_match import (
    ProjectConfigDiscoveryQueriesItemBatchMatch,
)
from .project_config_discovery_queries_item_batch_via import (
    ProjectConfigDiscoveryQueriesItemBatchVia,
)
from .project_config_discovery_queries_item_parameters import (
    ProjectConfigDiscoveryQueriesItemParameters,
)
from .project_config_discovery_queries_item_parameters_additional_property import (
    ProjectConfigDiscoveryQueriesItemParametersAdditionalProperty,
)
from .project_config_discovery_queries_item_parameters_additional_property_type import (
    ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType,
)
from .project_config_discovery_signature import ProjectConfigDiscoverySignature
from .project_config_graph import ProjectConfigGraph
from .project_config_graph_patches_item import ProjectConfigGraphPatchesItem
from .project_config_graph_patches_item_match import ProjectConfigGraphPatchesItemMatch
from .project_config_graph_patches_item_match_kind import (
    ProjectConfigGraphPatchesItemMatchKind,
)
from .project_config_graph_patches_item_set import ProjectConfigGraphPatchesItemSet
from .project_config_manifest import ProjectConfigManifest
from .project_config_manifest_source_template import ProjectConfigManifestSourceTemplate
from .project_config_metadata import ProjectConfigMetadata
from .project_config_output_verification import ProjectConfigOutputVerification
from .project_config_source_identity import ProjectConfigSourceIdentity
from .project_config_source_identity_template_vars import (
    ProjectConfigSourceIdentityTemplateVars,
)
from .project_config_source_identity_template_vars_additional_property import (
    ProjectConfigSourceIdentityTemplateVarsAdditionalProperty,
)
from .project_config_source_identity_template_vars_additional_property_from import (
    ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom,
)
from .project_config_transforms import ProjectConfigTransforms
from .project_config_transforms_additional_property_type_0 import (
    ProjectConfigTransformsAdditionalPropertyType0,
)
from .project_config_transforms_additional_property_type_1 import (
    ProjectConfigTransformsAdditionalPropertyType1,
)
from .project_config_transforms_additional_property_type_2 import (
    ProjectConfigTransformsAdditionalPropertyType2,
)
from .project_config_transforms_additional_property_type_3 import (
    ProjectConfigTransformsAdditionalPropertyType3,
)
from .project_config_transforms_additional_property_type_4 import (
    ProjectConfigTransformsAdditionalPropertyType4,
)
from .project_config_transforms_additional_property_type_5 import (
    ProjectConfigTransformsAdditionalPropertyType5,
)
from .project_config_transforms_additional_property_type_6 import (
    ProjectConfigTransformsAdditionalPropertyType6,
)
from .project_config_transforms_additional_property_type_7 import (
    ProjectConfigTransformsAdditionalPropertyType7,
)
from .project_config_transforms_additional_property_type_8 import (
    ProjectConfigTransformsAdditionalPropertyType8,
)
from .project_config_transforms_additional_property_type_9 import (
    ProjectConfigTransformsAdditionalPropertyType9,
)
from .project_config_transforms_additional_property_type_10 import (
    ProjectConfigTransformsAdditionalPropertyType10,
)
from .project_config_upload import ProjectConfigUpload
from .project_config_upload_config import ProjectConfigUploadConfig
from .project_config_version import ProjectConfigVersion
from .project_config_version_config import ProjectConfigVersionConfig
from .project_config_version_list import ProjectConfigVersionList
from .project_config_version_summary import ProjectConfigVersionSummary
from .project_events_order import ProjectEventsOrder
from .project_list import ProjectList
from .project_usage import ProjectUsage
from .project_usage_budget_type_0 import ProjectUsageBudgetType0
from .project_usage_budget_type_0_on_exhausted import ProjectUsageBudgetType0OnExhausted
from .project_usage_budget_type_0_unit import ProjectUsageBudgetType0Unit
from .project_usage_by import ProjectUsageBy
from .project_usage_groups_item import ProjectUsageGroupsItem
from .project_usage_groups_item_node_hours_by_outcome import (
    ProjectUsageGroupsItemNodeHoursByOutcome,
)
from .project_usage_groups_item_our_seconds_type_0 import (
    ProjectUsageGroupsItemOurSecondsType0,
)
from .project_usage_groups_item_queue_seconds_type_0 import (
    ProjectUsageGroupsItemQueueSecondsType0,
)
from .project_usage_groups_item_run_seconds_type_0 import (
    ProjectUsageGroupsItemRunSecondsType0,
)
from .project_usage_groups_item_runs_by_outcome import (
    ProjectUsageGroupsItemRunsByOutcome,
)
from .project_usage_total import ProjectUsageTotal
from .project_usage_walltimes_item import ProjectUsageWalltimesItem
from .project_usage_walltimes_item_from import ProjectUsageWalltimesItemFrom
from .prov_document import ProvDocument
from .prov_document_activity import ProvDocumentActivity
from .prov_document_agent import ProvDocumentAgent
from .prov_document_entity import ProvDocumentEntity
from .prov_document_prefix import ProvDocumentPrefix
from .provenance_event import ProvenanceEvent
from .provenance_event_page import ProvenanceEventPage
from .provenance_event_payload import ProvenanceEventPayload
from .provenance_event_subject_type import ProvenanceEventSubjectType
from .readiness import Readiness
from .readiness_checks import ReadinessChecks
from .readiness_checks_additional_property import ReadinessChecksAdditionalProperty
from .readiness_checks_additional_property_data import (
    ReadinessChecksAdditionalPropertyData,
)
from .readiness_status import ReadinessStatus
from .redirect import Redirect
from .refresh_request import RefreshRequest
from .reproduce_request import ReproduceRequest
from .source import Source
from .source_automation import SourceAutomation
from .source_automation_hold import SourceAutomationHold
from .source_bulk_create import SourceBulkCreate
from .source_bulk_create_sources_item import SourceBulkCreateSourcesItem
from .source_bulk_result import SourceBulkResult
from .source_bulk_result_items_item import SourceBulkResultItemsItem
from .source_bulk_result_items_item_status import SourceBulkResultItemsItemStatus
from .source_create import SourceCreate
from .source_discovery_state import SourceDiscoveryState
from .source_events_order import SourceEventsOrder
from .source_page import SourcePage
from .source_status import SourceStatus
from .source_status_discovery_flags import SourceStatusDiscoveryFlags
from .source_status_discovery_state import SourceStatusDiscoveryState
from .source_status_metadata_type_0 import SourceStatusMetadataType0
from .source_update import SourceUpdate
from .token_response import TokenResponse
from .user_list import UserList
from .user_list_items_item import UserListItemsItem
from .user_list_items_item_project_roles import UserListItemsItemProjectRoles
from .user_list_items_item_project_roles_additional_property import (
    UserListItemsItemProjectRolesAdditionalProperty,
)
from .user_list_items_item_role import UserListItemsItemRole
from .worker import Worker

__all__ = (
    "AccountEventsOrder",
    "AlertDelivery",
    "AlertDeliveryChannelKind",
    "AlertDeliveryList",
    "AlertDeliveryState",
    "AlertDeliveryType",
    "AlertRule",
    "AlertRuleInputType0",
    "AlertRuleInputType0StatesItem",
    "AlertRuleInputType1",
    "AlertRuleInputType2",
    "AlertRuleInputType3",
    "AlertRuleInputType4",
    "AlertRuleInputType5",
    "AlertRuleInputType6",
    "AlertRuleInputType7",
    "AlertRuleInputType7DependenciesItem",
    "AlertRuleInputType8",
    "AlertRuleInputType9",
    "AlertRuleInputType10",
    "AlertRuleInputType11",
    "AlertRuleInputType12",
    "AlertRuleInputType12ChangesItem",
    "AlertRuleKind",
    "AlertRuleList",
    "ApiToken",
    "ApiTokenCreated",
    "ApiTokenCreatedRole",
    "ApiTokenCreatedState",
    "ApiTokenList",
    "ApiTokenRequest",
    "ApiTokenRequestRole",
    "ApiTokenRole",
    "ApiTokenState",
    "AttemptUsage",
    "AttemptUsageBackend",
    "AttemptUsageOutcome",
    "AttemptUsageSource",
    "ConsoleToken",
    "Deleted",
    "DeploymentProfile",
    "DeploymentProfileDeployment",
    "DeploymentProfileInput",
    "DeploymentProfileInputDeploymentType0",
    "DeploymentProfileInputDeploymentType0EndedSessions",
    "DeploymentProfileInputDeploymentType1",
    "DeploymentProfileInputTranslation",
    "DeploymentProfileInputTranslationAlgo",
    "DeploymentProfileList",
    "DeploymentProfilePauseRequest",
    "DeploymentProfilePausedType0",
    "DeploymentProfilePing",
    "DeploymentProfilePingChecksItem",
    "DeploymentProfilePingProfile",
    "DeploymentProfilePingProfileKind",
    "DeploymentProfileTranslation",
    "DevicePollAnswerType0",
    "DevicePollAnswerType0Status",
    "DevicePollAnswerType1",
    "DevicePollRequest",
    "DeviceSignInStarted",
    "DiscoverAck",
    "DiscoverAckSkippedItem",
    "DiscoverRequest",
    "DropStates",
    "DropStatesCounts",
    "DropStatesSource",
    "DropStatesStates",
    "DropStatesStatesAdditionalProperty",
    "EnabledPatch",
    "Error",
    "ErrorError",
    "ErrorErrorCode",
    "ErrorErrorDetails",
    "ExecuteRequest",
    "ExecuteResponse",
    "ExecuteResponseRunRecord",
    "ExecuteResponseSourcesItem",
    "ExecuteResponseState",
    "Execution",
    "ExecutionArtifactResponse200Type0",
    "ExecutionComparison",
    "ExecutionComparisonBackend",
    "ExecutionComparisonBackendA",
    "ExecutionComparisonBackendAKind",
    "ExecutionComparisonBackendB",
    "ExecutionComparisonBackendBKind",
    "ExecutionComparisonConfiguration",
    "ExecutionComparisonConfigurationA",
    "ExecutionComparisonConfigurationB",
    "ExecutionComparisonGraph",
    "ExecutionComparisonManifest",
    "ExecutionComparisonOutcome",
    "ExecutionComparisonOutcomeA",
    "ExecutionComparisonOutcomeAState",
    "ExecutionComparisonOutcomeB",
    "ExecutionComparisonOutcomeBState",
    "ExecutionComparisonProfile",
    "ExecutionComparisonProfileA",
    "ExecutionComparisonProfileB",
    "ExecutionComparisonProfileChangesItem",
    "ExecutionComparisonSources",
    "ExecutionComparisonSourcesChangedItem",
    "ExecutionComparisonSourcesChangedItemFieldsType0Item",
    "ExecutionCreate",
    "ExecutionCreateSourcesItem",
    "ExecutionEventsOrder",
    "ExecutionPage",
    "ExecutionProvenanceFormat",
    "ExecutionRunRecord",
    "ExecutionSourcesItem",
    "ExecutionState",
    "ExecutionStatus",
    "ExecutionStatusBudget",
    "ExecutionStatusBudgetOnExhausted",
    "ExecutionStatusBudgetUnit",
    "ExecutionStatusPhase",
    "ExecutionStatusRunRecord",
    "ExecutionStatusSourceStatusItem",
    "ExecutionStatusSourcesItem",
    "ExecutionStatusState",
    "ExecutionSummary",
    "ExecutionSummaryDurationsSeconds",
    "ExecutionSummaryPhase",
    "ExecutionSummaryState",
    "ExecutionSummaryUsage",
    "ExecutionSummaryUsageTotal",
    "Health",
    "IdentityProvider",
    "LedgerSnapshot",
    "LedgerSnapshotArtifactsItem",
    "LedgerSnapshotConfiguration",
    "LedgerSnapshotConfigurationGraphType0",
    "LedgerSnapshotDeploymentProfile",
    "LedgerSnapshotDeploymentProfileDeployment",
    "LedgerSnapshotDeploymentProfileTranslation",
    "LedgerSnapshotExternal",
    "LedgerSnapshotSourcesItem",
    "LedgerSnapshotState",
    "LedgerSnapshotSwitches",
    "LedgerSnapshotTransitionsItem",
    "ListDeliveriesState",
    "ListExecutionsState",
    "ListSourcesDiscoveryState",
    "LoginRequest",
    "LogoutResponse",
    "Me",
    "MeProjectRoles",
    "MeProjectRolesAdditionalProperty",
    "MeRole",
    "NotificationChannel",
    "NotificationChannelInputType0",
    "NotificationChannelInputType0Format",
    "NotificationChannelInputType1",
    "NotificationChannelInputType1Security",
    "NotificationChannelKind",
    "NotificationChannelList",
    "NotificationChannelSettings",
    "NotificationChannelTest",
    "NotificationChannelTestChannelKind",
    "NotificationChannelTestState",
    "NotificationChannelTestType",
    "OpenapiResponse200",
    "Overview",
    "OverviewBlockedAutomationItem",
    "OverviewEndedByHourItem",
    "OverviewExecutionsByProjectItem",
    "OverviewExecutionsByState",
    "OverviewPausedProfilesItem",
    "OverviewQueue",
    "PasswordChangeRequest",
    "PasswordChanged",
    "ProfileEventsOrder",
    "ProjectAutomation",
    "ProjectAutomationSourcesItem",
    "ProjectAutomationSourcesItemHold",
    "ProjectConfig",
    "ProjectConfigArchives",
    "ProjectConfigArchivesAdditionalPropertyType0",
    "ProjectConfigArchivesAdditionalPropertyType0Auth",
    "ProjectConfigArchivesAdditionalPropertyType0Mode",
    "ProjectConfigAutomation",
    "ProjectConfigAutomationDiscovery",
    "ProjectConfigAutomationExecution",
    "ProjectConfigBudget",
    "ProjectConfigBudgetOnExhausted",
    "ProjectConfigBudgetPeriod",
    "ProjectConfigBudgetUnit",
    "ProjectConfigDiscovery",
    "ProjectConfigDiscoveryDiscoveryFlags",
    "ProjectConfigDiscoveryDiscoveryFlagsAdditionalProperty",
    "ProjectConfigDiscoveryEnrichmentsItem",
    "ProjectConfigDiscoveryEnrichmentsItemBatch",
    "ProjectConfigDiscoveryEnrichmentsItemBatchMatch",
    "ProjectConfigDiscoveryEnrichmentsItemBatchVia",
    "ProjectConfigDiscoveryEnrichmentsItemParameters",
    "ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalProperty",
    "ProjectConfigDiscoveryEnrichmentsItemParametersAdditionalPropertyType",
    "ProjectConfigDiscoveryFieldMap",
    "ProjectConfigDiscoveryFieldMapAdditionalProperty",
    "ProjectConfigDiscoveryQueriesItem",
    "ProjectConfigDiscoveryQueriesItemBatch",
    "ProjectConfigDiscoveryQueriesItemBatchMatch",
    "ProjectConfigDiscoveryQueriesItemBatchVia",
    "ProjectConfigDiscoveryQueriesItemParameters",
    "ProjectConfigDiscoveryQueriesItemParametersAdditionalProperty",
    "ProjectConfigDiscoveryQueriesItemParametersAdditionalPropertyType",
    "ProjectConfigDiscoverySignature",
    "ProjectConfigGraph",
    "ProjectConfigGraphPatchesItem",
    "ProjectConfigGraphPatchesItemMatch",
    "ProjectConfigGraphPatchesItemMatchKind",
    "ProjectConfigGraphPatchesItemSet",
    "ProjectConfigManifest",
    "ProjectConfigManifestSourceTemplate",
    "ProjectConfigMetadata",
    "ProjectConfigOutputVerification",
    "ProjectConfigSourceIdentity",
    "ProjectConfigSourceIdentityTemplateVars",
    "ProjectConfigSourceIdentityTemplateVarsAdditionalProperty",
    "ProjectConfigSourceIdentityTemplateVarsAdditionalPropertyFrom",
    "ProjectConfigTransforms",
    "ProjectConfigTransformsAdditionalPropertyType0",
    "ProjectConfigTransformsAdditionalPropertyType1",
    "ProjectConfigTransformsAdditionalPropertyType2",
    "ProjectConfigTransformsAdditionalPropertyType3",
    "ProjectConfigTransformsAdditionalPropertyType4",
    "ProjectConfigTransformsAdditionalPropertyType5",
    "ProjectConfigTransformsAdditionalPropertyType6",
    "ProjectConfigTransformsAdditionalPropertyType7",
    "ProjectConfigTransformsAdditionalPropertyType8",
    "ProjectConfigTransformsAdditionalPropertyType9",
    "ProjectConfigTransformsAdditionalPropertyType10",
    "ProjectConfigUpload",
    "ProjectConfigUploadConfig",
    "ProjectConfigVersion",
    "ProjectConfigVersionConfig",
    "ProjectConfigVersionList",
    "ProjectConfigVersionSummary",
    "ProjectEventsOrder",
    "ProjectList",
    "ProjectUsage",
    "ProjectUsageBudgetType0",
    "ProjectUsageBudgetType0OnExhausted",
    "ProjectUsageBudgetType0Unit",
    "ProjectUsageBy",
    "ProjectUsageGroupsItem",
    "ProjectUsageGroupsItemNodeHoursByOutcome",
    "ProjectUsageGroupsItemOurSecondsType0",
    "ProjectUsageGroupsItemQueueSecondsType0",
    "ProjectUsageGroupsItemRunSecondsType0",
    "ProjectUsageGroupsItemRunsByOutcome",
    "ProjectUsageTotal",
    "ProjectUsageWalltimesItem",
    "ProjectUsageWalltimesItemFrom",
    "ProvDocument",
    "ProvDocumentActivity",
    "ProvDocumentAgent",
    "ProvDocumentEntity",
    "ProvDocumentPrefix",
    "ProvenanceEvent",
    "ProvenanceEventPage",
    "ProvenanceEventPayload",
    "ProvenanceEventSubjectType",
    "Readiness",
    "ReadinessChecks",
    "ReadinessChecksAdditionalProperty",
    "ReadinessChecksAdditionalPropertyData",
    "ReadinessStatus",
    "Redirect",
    "RefreshRequest",
    "ReproduceRequest",
    "Source",
    "SourceAutomation",
    "SourceAutomationHold",
    "SourceBulkCreate",
    "SourceBulkCreateSourcesItem",
    "SourceBulkResult",
    "SourceBulkResultItemsItem",
    "SourceBulkResultItemsItemStatus",
    "SourceCreate",
    "SourceDiscoveryState",
    "SourceEventsOrder",
    "SourcePage",
    "SourceStatus",
    "SourceStatusDiscoveryFlags",
    "SourceStatusDiscoveryState",
    "SourceStatusMetadataType0",
    "SourceUpdate",
    "TokenResponse",
    "UserList",
    "UserListItemsItem",
    "UserListItemsItemProjectRoles",
    "UserListItemsItemProjectRolesAdditionalProperty",
    "UserListItemsItemRole",
    "Worker",
)
