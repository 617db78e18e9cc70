import { VoTableReader } from './votable/reader.js';

/** The reason in a VOTable error document (QUERY_STATUS ERROR), or null when the text is not one. */
export const queryError = (text: string): string | null => {
  try {
    const reader = new VoTableReader({ onRow: () => {} });
    reader.write(text);
    const d = reader.end();
    const info = [...d.infos, ...d.resources.flatMap((r) => r.infos)].find(
      (i) => i.name === 'QUERY_STATUS' && i.value === 'ERROR',
    );
    return info ? info.text || 'no reason given' : null;
  } catch {
    return null;
  }
};
