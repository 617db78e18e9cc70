import pino from 'pino';
import { redact, redactString, type SecretRegistry } from '../../core/redaction.js';

export type Logger = pino.Logger;

/**
 * JSON logs on standard output. Every object and message passes through the one redaction
 * function, so a secret that reaches a log call still does not reach the log.
 */
export const createLogger = (
  level: string,
  secrets: SecretRegistry,
  destination: pino.DestinationStream = pino.destination({ dest: 1, sync: true }),
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
    destination,
  );
