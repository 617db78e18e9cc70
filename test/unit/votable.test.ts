// The streaming VOTable reader: pieces of any size, overflow marks, refusals with a reason, memory
// bounded by a row on 100,000 rows and a 70 MB single-line binary stream, the upload writer, and
// TABLEDATA as astropy writes it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import test from 'ava';
import { VoTableError } from '../../adapters/tap/votable/fields.js';
import { readVoTable, VoTableReader } from '../../adapters/tap/votable/reader.js';
import type { Value } from '../../adapters/tap/votable/values.js';
import { writeVoTable } from '../../adapters/tap/votable/writer.js';

const dir = fileURLToPath(new URL('../../../test/fixtures/votable/', import.meta.url));
const fixture = (serialization: string) => readFileSync(`${dir}alltypes.${serialization}.vot`);

const read = (doc: string | Buffer, pieceSize = 0) => {
  const rows: Value[][] = [];
  const reader = new VoTableReader({ onRow: (r) => rows.push(r) });
  const bytes = typeof doc === 'string' ? Buffer.from(doc) : doc;
  if (pieceSize === 0) reader.write(bytes);
  else for (let i = 0; i < bytes.length; i += pieceSize) reader.write(bytes.subarray(i, i + pieceSize));
  return { rows, doc: reader.end() };
};

// Written by astropy (test/fixtures/votable/make_fixtures.py): every primitive datatype.
const expected: Value[][] = [
  [
    true,
    [true, false, true, true, false],
    7,
    -12,
    123456,
    '9007199254740993',
    'a',
    'hello',
    `it's <&> "x"`,
    'Ωμέγα ☉',
    1.5,
    -0.1,
    [1, 2],
    [-3.5, -4.25],
    [1, 2, 3],
    [0.5, 1e300],
    [
      [1, 1],
      [2, -2],
    ],
    [true, false],
  ],
  [
    false,
    [false, false, false, false, false],
    254,
    32767,
    -2147483647,
    -42,
    'z',
    'ab',
    'x',
    'ü',
    Math.fround(-2.5e-30),
    1e-300,
    [0, 0],
    [0, 1],
    [-1, 0, 1],
    [2],
    [
      [0, 0],
      [3, 0],
    ],
    [false],
  ],
  [null, [false, true, false, false, true], ...Array(16).fill(null)],
];

for (const s of ['tabledata', 'binary', 'binary2'])
  test(`every datatype reads as expected from ${s}`, (t) => {
    const { rows, doc } = read(fixture(s));
    t.deepEqual(rows, expected);
    const fields = doc.resources[0]!.tables[0]!.fields;
    t.deepEqual(
      fields.map((f) => f.datatype),
      [
        'boolean',
        'bit',
        'unsignedByte',
        'short',
        'int',
        'long',
        'char',
        'char',
        'char',
        'unicodeChar',
        'float',
        'double',
        'floatComplex',
        'doubleComplex',
        'int',
        'double',
        'floatComplex',
        'boolean',
      ],
    );
    t.is(fields.find((f) => f.name === 'f')!.unit, 'Jy');
    t.is(fields.find((f) => f.name === 'd')!.ucd, 'pos.eq.ra');
    t.is(fields.find((f) => f.name === 'i')!.nullText, '-2147483648');
  });

test('a stream fed one byte at a time reads the same as one piece (rows span pieces)', (t) => {
  for (const s of ['tabledata', 'binary2']) t.deepEqual(read(fixture(s), 1).rows, expected);
  t.deepEqual(read(fixture('binary'), 7).rows, expected);
});

const doc = (body: string, after = '') =>
  `<?xml version="1.0"?><VOTABLE version="1.4" xmlns="http://www.ivoa.net/xml/VOTable/v1.3"><RESOURCE type="results">
   <INFO name="QUERY_STATUS" value="OK"/>${body}${after}</RESOURCE></VOTABLE>`;

test('QUERY_STATUS after the table is marked (TAP overflow); INFO text and PARAMs in GROUPs are kept', (t) => {
  const { doc: d } = read(
    doc(
      '<TABLE><FIELD name="x" datatype="int"/><DATA><TABLEDATA><TR><TD>1</TD></TR></TABLEDATA></DATA></TABLE>',
      '<INFO name="QUERY_STATUS" value="OVERFLOW">cut at 1</INFO><GROUP name="inputParams"><PARAM name="ID" datatype="char" arraysize="*" value="v"/></GROUP>',
    ),
  );
  const infos = d.resources[0]!.infos;
  t.deepEqual(
    infos.map((i) => [i.value, i.afterTable, i.text]),
    [
      ['OK', false, ''],
      ['OVERFLOW', true, 'cut at 1'],
    ],
  );
  t.deepEqual(d.resources[0]!.params, [{ name: 'ID', value: 'v', datatype: 'char', group: 'inputParams' }]);
});

test('prefixed element names, missing trailing cells and CDATA are read', (t) => {
  const { rows } = read(
    `<v:VOTABLE xmlns:v="http://www.ivoa.net/xml/VOTable/v1.3" version="1.3"><v:RESOURCE><v:TABLE>
     <v:FIELD name="a" datatype="char" arraysize="*"/><v:FIELD name="b" datatype="double"/>
     <v:DATA><v:TABLEDATA><v:TR><v:TD><![CDATA[<x>]]></v:TD></v:TR></v:TABLEDATA></v:DATA></v:TABLE></v:RESOURCE></v:VOTABLE>`,
  );
  t.deepEqual(rows, [['<x>', null]]);
});

test('what cannot be read is refused with a reason', (t) => {
  const bad = (text: string, pattern: RegExp) =>
    t.throws(() => read(text), { instanceOf: VoTableError, message: pattern });
  bad('<VOTABLE><RESOURCE>', /well-formed|not a VOTable/);
  bad('<html><body>502 Bad Gateway</body></html>', /not a VOTable/);
  bad(doc('<TABLE><FIELD name="x" datatype="int"/><DATA><FITS/></DATA></TABLE>'), /FITS/);
  bad(
    doc(
      '<TABLE><FIELD name="x" datatype="int"/><DATA><BINARY><STREAM href="http://x/y"/></BINARY></DATA></TABLE>',
    ),
    /by reference/,
  );
  bad(doc('<TABLE><FIELD name="x" datatype="quad"/></TABLE>'), /unknown datatype/);
  bad(doc('<TABLE><FIELD name="x" datatype="int" arraysize="2x*x3"/></TABLE>'), /arraysize/);
  bad(
    doc(
      '<TABLE><FIELD name="x" datatype="int"/><DATA><TABLEDATA><TR><TD>abc</TD></TR></TABLEDATA></DATA></TABLE>',
    ),
    /FIELD x: "abc" is not an integer/,
  );
  // Three bytes of a four-byte int: the stream was cut inside a row.
  bad(
    doc(
      '<TABLE><FIELD name="x" datatype="int"/><DATA><BINARY><STREAM encoding="base64">AAAB</STREAM></BINARY></DATA></TABLE>',
    ),
    /ends inside a row/,
  );
  // A variable-length cell that announces four billion values is not allocated.
  bad(
    doc(
      '<TABLE><FIELD name="x" datatype="int" arraysize="*"/><DATA><BINARY><STREAM encoding="base64">/////w==</STREAM></BINARY></DATA></TABLE>',
    ),
    /announces/,
  );
});

test('a cell longer than the limit is an error, not a memory spike', (t) => {
  const reader = new VoTableReader({ onRow: () => {}, maxCellChars: 100 });
  t.throws(
    () =>
      reader.write(
        doc(
          `<TABLE><FIELD name="x" datatype="char" arraysize="*"/><DATA><TABLEDATA><TR><TD>${'y'.repeat(200)}</TD></TR></TABLEDATA></DATA></TABLE>`,
        ),
      ),
    { message: /longer than 100/ },
  );
});

test('100,000 rows stream through with the heap bounded by a row, not the table', async (t) => {
  const rowText = '<TR><TD>12345</TD><TD>source with a fairly long name</TD><TD>1.25 2.5 3.75</TD></TR>';
  async function* source() {
    yield '<?xml version="1.0"?><VOTABLE version="1.4"><RESOURCE><TABLE><FIELD name="i" datatype="int"/>';
    yield '<FIELD name="n" datatype="char" arraysize="*"/><FIELD name="a" datatype="double" arraysize="3"/><DATA><TABLEDATA>';
    for (let i = 0; i < 100; i++) yield rowText.repeat(1000);
    yield '</TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>';
  }
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let rows = 0;
  let peak = 0;
  await readVoTable(source(), {
    onRow: () => {
      rows++;
      if (rows % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    },
  });
  t.is(rows, 100_000);
  // The document is 8.6 MB of text and 100,000 decoded rows would be far more; a streaming reader
  // holds one 86 KB piece and one row at a time (the rest is garbage the GC has not taken yet).
  t.true(peak < 64 * 1024 * 1024, `heap grew by ${Math.round(peak / 1e6)} MB`);
});

test('a binary stream on one 70 MB line is decoded as it arrives, not held whole', async (t) => {
  // 4 million rows of a null mask, an int and a double: 52 MB of bytes, 70 MB of base64 text with
  // no line break, which an XML parser keeping a text node whole would hold at once.
  const row = Buffer.alloc(13);
  const rowsPerPiece = 3 * 4096; // a multiple of 3 bytes per piece keeps the base64 pieces joinable
  const piece = Buffer.alloc(13 * rowsPerPiece);
  for (let i = 0; i < rowsPerPiece; i++) {
    row.writeInt32BE(i, 1);
    row.writeDoubleBE(i / 2, 5);
    row.copy(piece, i * 13);
  }
  const text = piece.toString('base64');
  const pieces = Math.ceil(4_000_000 / rowsPerPiece);
  async function* source() {
    yield '<VOTABLE version="1.4"><RESOURCE><TABLE><FIELD name="i" datatype="int"/><FIELD name="x" datatype="double"/>';
    yield '<DATA><BINARY2><STREAM encoding="base64">';
    for (let i = 0; i < pieces; i++) yield text;
    yield '</STREAM></BINARY2></DATA></TABLE></RESOURCE></VOTABLE>';
  }
  const before = process.memoryUsage().heapUsed;
  let rows = 0;
  let peak = 0;
  let last: Value[] = [];
  await readVoTable(source(), {
    onRow: (r) => {
      rows++;
      last = r;
      if (rows % 100_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    },
  });
  t.is(rows, pieces * rowsPerPiece);
  t.deepEqual(last, [rowsPerPiece - 1, (rowsPerPiece - 1) / 2]);
  t.true(peak < 48 * 1024 * 1024, `heap grew by ${Math.round(peak / 1e6)} MB`);
});

test('the upload writer escapes XML and refuses values that are not of the column type', (t) => {
  const text = writeVoTable(
    'sources',
    [
      { name: 'surveyor_key', type: 'char' },
      { name: 'n', type: 'long' },
    ],
    [
      ['0', 5],
      [`a<b>&"c"`, null],
    ],
  );
  const { rows, doc: d } = read(text);
  t.deepEqual(rows, [
    ['0', 5],
    ['a<b>&"c"', null],
  ]);
  t.is(d.resources[0]!.tables[0]!.name, 'sources');
  t.throws(() => writeVoTable('s', [{ name: 'n', type: 'long' }], [[1.5]]), {
    message: /not a integer|integer/,
  });
});

// As astropy writes TABLEDATA: a complex with a NaN part, masked elements of an integer array as
// NaN, and a 2-D char array (arraysize "4x2": two strings of four characters).
test('TABLEDATA as astropy writes it: NaN in a complex part and in integer arrays is null; 2-D char arrays are strings', (t) => {
  const { rows } = read(
    `<VOTABLE version="1.4"><RESOURCE><TABLE>
     <FIELD name="fc" datatype="floatComplex"/><FIELD name="dc2" datatype="doubleComplex" arraysize="2"/>
     <FIELD name="i3" datatype="int" arraysize="3"><VALUES null="-2147483648"/></FIELD>
     <FIELD name="s" datatype="short"/><FIELD name="c" datatype="char" arraysize="4x2"/>
     <DATA><TABLEDATA>
     <TR><TD>NaN 1</TD><TD>1 2 NaN NaN</TD><TD>1 NaN 3</TD><TD>NaN</TD><TD>abcdefgh</TD></TR>
     <TR><TD>2 NaN</TD><TD>NaN 0 0 NaN</TD><TD>NaN NaN NaN</TD><TD>-4</TD><TD>wxyzWXYZ</TD></TR>
     </TABLEDATA></DATA></TABLE></RESOURCE></VOTABLE>`,
  );
  t.deepEqual(rows, [
    [null, [[1, 2], null], [1, null, 3], null, ['abcd', 'efgh']],
    [null, null, null, -4, ['wxyz', 'WXYZ']],
  ]);
});
