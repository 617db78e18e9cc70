import pino from 'pino';
import pretty from 'pino-pretty';
import { redact, redactString, type SecretRegistry } from '../../core/redaction.js';

export type Logger = pino.Logger;

/** `auto`: readable lines when standard output is a terminal, JSON otherwise. */
export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * Logs on standard output (a service's; a CLI command's on standard error, `fd` 2, since its
 * standard output is its answer): JSON for collectors, or readable lines for a person at a terminal
 * (pino-pretty, synchronous, so nothing is lost at exit). Every object and message passes through
 * the one redaction function before either form is written, so a secret that reaches a log call
 * still does not reach the log.
 */
export const createLogger = (
  level: string,
  secrets: SecretRegistry,
  destination?: pino.DestinationStream,
  format: LogFormat = 'json',
  fd: 1 | 2 = 1,
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
    destination ?? standardStream(format, fd),
  );

const standardStream = (format: LogFormat, fd: 1 | 2): pino.DestinationStream => {
  const tty = (fd === 1 ? process.stdout : process.stderr).isTTY === true;
  const readable = format === 'pretty' || (format === 'auto' && tty);
  return readable
    ? pretty({
        sync: true,
        destination: fd,
        colorize: tty,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,service,hostname',
      })
    : pino.destination({ dest: fd, sync: true });
};
