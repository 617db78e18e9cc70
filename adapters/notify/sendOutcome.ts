import type { ChannelSecrets, SendOutcome } from '../../core/domain/alerting.js';
import { peerText } from '../shared/peerText.js';

/** A peer's or library's text made safe for a delivery record: short, one line, no secret of the channel in it. */
export const scrub = (text: string, secrets: ChannelSecrets): string => {
  let out = text;
  for (const s of [secrets.url, secrets.signing_secret, secrets.password])
    if (s !== undefined && s.length > 0) out = out.split(s).join('[redacted]');
  return peerText(out, 300);
};

export const outcome = (started: number, o: Omit<SendOutcome, 'latencyMs'>): SendOutcome => ({
  ...o,
  latencyMs: Math.round(performance.now() - started),
});
