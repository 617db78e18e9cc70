import { type Datatype, type Field, isCharType, isComplex, VoTableError } from './fields.js';
import {
  arrayValue,
  charValue,
  complexValue,
  fromBigInt,
  nullMarker,
  numericElement,
  type Value,
} from './values.js';

/** Thrown inside a row when the bytes so far end before it does: wait for more and start again. */
class NeedMore extends Error {}
const needMore = new NeedMore();

class Cursor {
  pos = 0;
  constructor(readonly buf: Buffer) {}
  take(n: number): number {
    if (this.pos + n > this.buf.length) throw needMore;
    const at = this.pos;
    this.pos += n;
    return at;
  }
}

const width: Record<Datatype, number> = {
  boolean: 1,
  bit: 0,
  unsignedByte: 1,
  short: 2,
  int: 4,
  long: 8,
  char: 1,
  unicodeChar: 2,
  float: 4,
  double: 8,
  floatComplex: 8,
  doubleComplex: 16,
};

/** Largest element count a variable-length cell may announce: a corrupt count must not allocate. */
const maxElements = 1 << 24;

const booleanByte = (b: number): boolean | null => {
  const c = String.fromCharCode(b).toLowerCase();
  if (c === 't' || c === '1') return true;
  if (c === 'f' || c === '0') return false;
  return null; // '?', ' ', NUL
};

type Reader = (c: Cursor) => Value;

const numberAt = (t: Datatype, buf: Buffer, at: number): number | string => {
  switch (t) {
    case 'unsignedByte':
      return buf.readUInt8(at);
    case 'short':
      return buf.readInt16BE(at);
    case 'int':
      return buf.readInt32BE(at);
    case 'long':
      return fromBigInt(buf.readBigInt64BE(at));
    case 'float':
    case 'floatComplex':
      return buf.readFloatBE(at);
    default:
      return buf.readDoubleBE(at);
  }
};

/** A reader for one field's cell in BINARY / BINARY2 (big-endian, counts before variable arrays). */
const fieldReader = (f: Field): Reader => {
  const count = (c: Cursor): number => {
    if (f.shape.kind === 'scalar') return 1;
    if (f.shape.kind === 'fixed') return f.shape.count;
    const n = c.buf.readUInt32BE(c.take(4));
    if (n > maxElements) throw new VoTableError(`FIELD ${f.name}: a cell announces ${n} values`);
    return n;
  };
  if (isCharType(f.datatype)) {
    const unicode = f.datatype === 'unicodeChar';
    return (c) => {
      const n = count(c);
      const at = c.take(n * (unicode ? 2 : 1));
      const bytes = c.buf.subarray(at, at + n * (unicode ? 2 : 1));
      const text = unicode ? Buffer.from(bytes).swap16().toString('utf16le') : bytes.toString('latin1');
      return charValue(f, text);
    };
  }
  if (f.datatype === 'bit') {
    return (c) => {
      const n = count(c);
      const at = c.take(Math.ceil(n / 8));
      const out: boolean[] = [];
      for (let i = 0; i < n; i++) out.push(((c.buf[at + (i >> 3)]! >> (7 - (i & 7))) & 1) === 1);
      return f.shape.kind === 'scalar' ? out[0]! : arrayValue(out);
    };
  }
  if (f.datatype === 'boolean') {
    return (c) => {
      const n = count(c);
      const at = c.take(n);
      const out = Array.from({ length: n }, (_, i) => booleanByte(c.buf[at + i]!));
      return f.shape.kind === 'scalar' ? out[0]! : arrayValue(out);
    };
  }
  const size = width[f.datatype];
  const marker = nullMarker(f);
  const complex = isComplex(f.datatype);
  const scalar = f.shape.kind === 'scalar';
  return (c) => {
    const n = count(c);
    const at = c.take(n * size);
    if (complex) {
      const half = size / 2;
      const parts: number[] = [];
      for (let i = 0; i < n * 2; i++) parts.push(numberAt(f.datatype, c.buf, at + i * half) as number);
      return complexValue(parts, scalar);
    }
    if (scalar) return numericElement(numberAt(f.datatype, c.buf, at), marker, true);
    const out: Value[] = [];
    for (let i = 0; i < n; i++)
      out.push(numericElement(numberAt(f.datatype, c.buf, at + i * size), marker, false));
    return arrayValue(out);
  };
};

/**
 * Decodes a BINARY or BINARY2 stream, fed in pieces of any size (rows may span pieces). BINARY2
 * starts each row with a null mask, one bit per field, most significant bit first.
 */
export class BinaryRowDecoder {
  private readonly readers: Reader[];
  private readonly maskBytes: number;
  private pending: Buffer = Buffer.alloc(0);

  constructor(
    fields: readonly Field[],
    binary2: boolean,
    private readonly onRow: (row: Value[]) => void,
  ) {
    this.readers = fields.map(fieldReader);
    this.maskBytes = binary2 ? Math.ceil(fields.length / 8) : 0;
  }

  push(bytes: Buffer): void {
    const buf = this.pending.length ? Buffer.concat([this.pending, bytes]) : bytes;
    const c = new Cursor(buf);
    let rowStart = 0;
    try {
      for (;;) {
        if (c.pos >= buf.length) break;
        rowStart = c.pos;
        const row = this.readRow(c);
        this.onRow(row);
      }
      rowStart = c.pos;
    } catch (e) {
      if (e !== needMore) throw e;
    }
    this.pending = buf.subarray(rowStart);
  }

  /** The stream ended: a partial row left over means it was cut. */
  end(): void {
    if (this.pending.length > 0)
      throw new VoTableError(`the binary stream ends inside a row (${this.pending.length} bytes left over)`);
  }

  private readRow(c: Cursor): Value[] {
    const maskAt = c.take(this.maskBytes);
    const row: Value[] = [];
    for (const [i, read] of this.readers.entries()) {
      const v = read(c);
      const isNull = this.maskBytes > 0 && ((c.buf[maskAt + (i >> 3)]! >> (7 - (i & 7))) & 1) === 1;
      row.push(isNull ? null : v);
    }
    return row;
  }
}

/** Decodes base64 text that arrives in pieces, with whitespace anywhere, into bytes. */
export class Base64Stream {
  private carry = '';
  constructor(private readonly onBytes: (b: Buffer) => void) {}

  push(text: string): void {
    const s = this.carry + text.replace(/[\s]+/g, '');
    const usable = s.length - (s.length % 4);
    this.carry = s.slice(usable);
    if (usable > 0) this.onBytes(Buffer.from(s.slice(0, usable), 'base64'));
  }

  end(): void {
    if (this.carry.replace(/=+$/, '').length > 0) this.onBytes(Buffer.from(this.carry, 'base64'));
    this.carry = '';
  }
}
