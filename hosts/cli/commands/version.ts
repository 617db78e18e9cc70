import { Command } from 'clipanion';
import { serviceVersion } from '../../../schema/version.js';

export class VersionCommand extends Command {
  static override paths = [['version']];
  static override usage = Command.Usage({
    description: 'Print the surveyor version',
    details: 'Exit status 0.',
  });
  override async execute(): Promise<number> {
    this.context.stdout.write(`surveyor ${serviceVersion} (node ${process.version})\n`);
    return 0;
  }
}
