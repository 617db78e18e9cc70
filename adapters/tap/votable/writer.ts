/** A column of a table we send (a TAP upload): text, a 64-bit integer or a double. */
export interface UploadColumn {
  readonly name: string;
  readonly type: 'char' | 'long' | 'double';
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const cell = (type: UploadColumn['type'], v: string | number | null): string => {
  if (v === null) return '<TD/>';
  if (type === 'char') return `<TD>${escapeXml(String(v))}</TD>`;
  const n = Number(v);
  if (!Number.isFinite(n) || (type === 'long' && !Number.isSafeInteger(n)))
    throw new RangeError(`"${v}" is not a ${type === 'long' ? 'integer' : 'number'}`);
  return `<TD>${n}</TD>`;
};

/**
 * A VOTable 1.3 TABLEDATA document holding one table, for a TAP upload. Values were validated
 * before (no control characters); XML metacharacters are escaped here.
 */
export const writeVoTable = (
  name: string,
  columns: readonly UploadColumn[],
  rows: readonly (readonly (string | number | null)[])[],
): string => {
  const fields = columns.map((c) =>
    c.type === 'char'
      ? `<FIELD name="${escapeXml(c.name)}" datatype="char" arraysize="*"/>`
      : `<FIELD name="${escapeXml(c.name)}" datatype="${c.type}"/>`,
  );
  const body = rows.map((r) => `<TR>${r.map((v, i) => cell(columns[i]!.type, v)).join('')}</TR>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<VOTABLE version="1.3" xmlns="http://www.ivoa.net/xml/VOTable/v1.3">',
    `<RESOURCE type="results"><TABLE name="${escapeXml(name)}">`,
    ...fields,
    '<DATA><TABLEDATA>',
    ...body,
    '</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>',
  ].join('\n');
};
