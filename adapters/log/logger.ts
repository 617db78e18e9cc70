import pino from 'pino';
import pretty from 'pino-pretty';
import { redact, redactString, type SecretRegistry } from '../../core/redaction.js';

export type Logger = pino.Logger;

/** `auto`: readable lines when standard output is a terminal, JSON otherwise. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * Logs on standard output: JSON for collectors, or readable lines for a person at a terminal
 * (pino-pretty, synchronous, so nothing is lost at exit). Every object and message passes through
 * the one redaction function before either form is written, so a secret that reaches a log call
 * still does not reach the log.
 */
export const createLogger = (
  level: string,
  secrets: SecretRegistry,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
): Logger =>
  pino(
    {
      level,
      base: { pid: process.pid, service: 'surveyor' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (obj) => redact(obj, secrets),
      },
      hooks: {
        logMethod(args, method) {
          const redacted = args.map((a) => (typeof a === 'string' ? redactString(a, secrets) : a));
          return method.apply(this, redacted as Parameters<typeof method>);
        },
      },
    },
    destination ?? standardOutput(format),
  );

const standardOutput = (format: LogFormat): pino.DestinationStream => {
  const readable = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  return readable
    ? pretty({
        sync: true,
        destination: 1,
        colorize: process.stdout.isTTY === true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,service,hostname',
      })
    : pino.destination({ dest: 1, sync: true });
};
