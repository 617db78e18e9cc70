import { redactString } from '../../core/redaction.js';

/** Shortens and redacts a peer's text before it goes into an error, event or log. */
export const peerText = (text: string, max = 500): string => {
  const oneLine = redactString(text.replace(/\s+/g, ' ').trim());
  return oneLine.length > max
    ? `${oneLine.slice(0, max)}… (${oneLine.length - max} more characters)`
    : oneLine;
};

/** Where a URL points, without credentials or query (for messages). */
export const where = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(bad URL)';
  }
};
