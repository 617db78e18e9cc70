import sax from 'sax';
import { BinaryRowDecoder, Base64Stream } from './binary.js';
import { type Field, toField, VoTableError } from './fields.js';
import { tabledataDecoder } from './tabledata.js';
import type { Value } from './values.js';

/** An INFO element; `afterTable` marks one that follows a TABLE in its RESOURCE (TAP's OVERFLOW). */
export interface Info {
  readonly name: string;
  readonly value: string;
  readonly text: string;
  readonly afterTable: boolean;
}

export interface Param {
  readonly name: string;
  readonly value: string;
  readonly id?: string;
  readonly ucd?: string;
  readonly datatype?: string;
  /** The GROUP it sits in (by name), if any. */
  readonly group?: string;
}

export interface TableInfo {
  readonly name?: string;
  readonly fields: Field[];
  rows: number;
  serialization: 'TABLEDATA' | 'BINARY' | 'BINARY2' | null;
}

export interface ResourceInfo {
  readonly type?: string;
  readonly id?: string;
  readonly utype?: string;
  readonly name?: string;
  readonly infos: Info[];
  readonly params: Param[];
  readonly tables: TableInfo[];
}

export interface VoTableDocument {
  readonly version?: string;
  /** INFO elements directly under VOTABLE. */
  readonly infos: Info[];
  readonly resources: ResourceInfo[];
}

export interface ReadOptions {
  /** Called for every row of every table, in order, with values in FIELD order. */
  readonly onRow: (row: Value[], table: TableInfo, resource: ResourceInfo) => void;
  /** Longest text kept for one cell or INFO (longer is an error, not a memory spike). */
  readonly maxCellChars?: number;
  readonly maxFields?: number;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * A streaming VOTable reader (VOTable 1.1-1.5): RESOURCE, INFO, PARAM, GROUP, TABLE and FIELD
 * metadata, and rows from TABLEDATA, or BINARY / BINARY2 with a base64 STREAM, decoded as the
 * bytes arrive. Memory is bounded by one row plus one text cell, whatever the table's size. FITS
 * serializations and streams by reference (`STREAM href=`) are refused, as are unknown datatypes.
 */
export class VoTableReader {
  // sax, not saxes: sax hands over long text (a BINARY stream) in 64 KB pieces as it goes, where
  // saxes keeps a text node whole until it ends, so memory would grow with the table. sax checks
  // its buffers by position, so position tracking must stay on (off, it keeps the text whole too).
  private readonly parser = sax.parser(true, { trim: false, normalize: false, xmlns: false, position: true });
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private readonly doc: { version?: string; infos: Info[]; resources: ResourceInfo[] } = {
    infos: [],
    resources: [],
  };
  private readonly stack: string[] = [];
  private readonly resources: ResourceInfo[] = [];
  private table: TableInfo | null = null;
  private tableSeen = false;
  private fieldAttrs: Record<string, string> | null = null;
  private fieldNull: string | undefined;
  private groups: string[] = [];
  private text: string | null = null;
  private infoAttrs: Record<string, string> | null = null;
  private cell: ((t: string) => Value)[] = [];
  private row: Value[] = [];
  private stream: Base64Stream | null = null;
  private binary: BinaryRowDecoder | null = null;
  private error: Error | null = null;
  private readonly maxCell: number;
  private readonly maxFields: number;

  constructor(private readonly opts: ReadOptions) {
    this.maxCell = opts.maxCellChars ?? 4 * 1024 * 1024;
    this.maxFields = opts.maxFields ?? 10_000;
    this.parser.onerror = (e) => {
      this.error ??= new VoTableError(`not well-formed XML: ${e.message.split('\n')[0]}`);
    };
    this.parser.onopentag = (t) => this.guard(() => this.open(t as sax.Tag));
    this.parser.onclosetag = (name) => this.guard(() => this.close(local(name)));
    this.parser.ontext = (t) => this.guard(() => this.onText(t));
    this.parser.oncdata = (t) => this.guard(() => this.onText(t));
  }

  /** Feeds the next piece of the document (bytes are UTF-8). Throws the first problem found. */
  write(chunk: string | Uint8Array): void {
    if (this.error) throw this.error;
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    if (text) this.parser.write(text);
    if (this.error) throw this.error;
  }

  /** Ends the document and returns its metadata. */
  end(): VoTableDocument {
    const rest = this.decoder.decode();
    if (rest) this.parser.write(rest);
    this.parser.close();
    if (this.error) throw this.error;
    if (this.doc.version === undefined && this.doc.resources.length === 0)
      throw new VoTableError('the document is not a VOTable');
    return this.doc;
  }

  private guard(f: () => void) {
    if (this.error) return;
    try {
      f();
    } catch (e) {
      this.error = e instanceof Error ? e : new Error(String(e));
    }
  }

  private get resource(): ResourceInfo | undefined {
    return this.resources[this.resources.length - 1];
  }

  private open(tag: sax.Tag) {
    const name = local(tag.name);
    const a = tag.attributes;
    const parent = this.stack[this.stack.length - 1];
    this.stack.push(name);
    switch (name) {
      case 'VOTABLE':
        if (a['version'] !== undefined) this.doc.version = a['version'];
        else this.doc.version ??= '';
        return;
      case 'RESOURCE': {
        const r: ResourceInfo = {
          infos: [],
          params: [],
          tables: [],
          ...(a['type'] !== undefined ? { type: a['type'] } : {}),
          ...(a['ID'] !== undefined ? { id: a['ID'] } : {}),
          ...(a['utype'] !== undefined ? { utype: a['utype'] } : {}),
          ...(a['name'] !== undefined ? { name: a['name'] } : {}),
        };
        this.resources.push(r);
        this.doc.resources.push(r);
        this.tableSeen = false;
        return;
      }
      case 'INFO':
        this.infoAttrs = a;
        this.text = '';
        return;
      case 'GROUP':
        this.groups.push(a['name'] ?? a['ID'] ?? '');
        return;
      case 'PARAM':
        if (parent === 'TABLE' || this.table) return; // table-level PARAMs are not used
        this.resource?.params.push({
          name: a['name'] ?? '',
          value: a['value'] ?? '',
          ...(a['ID'] !== undefined ? { id: a['ID'] } : {}),
          ...(a['ucd'] !== undefined ? { ucd: a['ucd'] } : {}),
          ...(a['datatype'] !== undefined ? { datatype: a['datatype'] } : {}),
          ...(this.groups.length ? { group: this.groups[this.groups.length - 1]! } : {}),
        });
        return;
      case 'TABLE': {
        if (!this.resource) throw new VoTableError('a TABLE outside any RESOURCE');
        this.table = { fields: [], rows: 0, serialization: null, ...(a['name'] ? { name: a['name'] } : {}) };
        this.resource.tables.push(this.table);
        return;
      }
      case 'FIELD':
        if (!this.table) return;
        this.fieldAttrs = a;
        this.fieldNull = undefined;
        return;
      case 'VALUES':
        if (this.fieldAttrs && a['null'] !== undefined) this.fieldNull = a['null'];
        return;
      case 'TABLEDATA':
        this.startData('TABLEDATA');
        this.cell = this.table!.fields.map(tabledataDecoder);
        return;
      case 'BINARY':
      case 'BINARY2':
        this.startData(name);
        return;
      case 'FITS':
        throw new VoTableError(
          'FITS-serialized tables are not supported; ask for TABLEDATA, BINARY or BINARY2',
        );
      case 'STREAM': {
        if (!this.table?.serialization) return;
        if (a['href']) throw new VoTableError('streams by reference (STREAM href) are not supported');
        if ((a['encoding'] ?? '') !== 'base64')
          throw new VoTableError(
            `a ${this.table.serialization} stream with encoding "${a['encoding'] ?? ''}"`,
          );
        const table = this.table;
        const resource = this.resource!;
        this.binary = new BinaryRowDecoder(table.fields, table.serialization === 'BINARY2', (row) =>
          this.emit(row, table, resource),
        );
        const binary = this.binary;
        this.stream = new Base64Stream((b) => binary.push(b));
        return;
      }
      case 'TR':
        this.row = [];
        return;
      case 'TD':
        if (a['encoding']) throw new VoTableError('encoded TABLEDATA cells are not supported');
        this.text = '';
        return;
    }
  }

  private startData(kind: 'TABLEDATA' | 'BINARY' | 'BINARY2') {
    if (!this.table) throw new VoTableError(`${kind} outside a TABLE`);
    if (this.table.fields.length === 0) throw new VoTableError('a table without FIELDs');
    this.table.serialization = kind;
  }

  private emit(row: Value[], table: TableInfo, resource: ResourceInfo) {
    table.rows++;
    this.opts.onRow(row, table, resource);
  }

  private onText(t: string) {
    if (this.stream) {
      this.stream.push(t);
      return;
    }
    if (this.text === null) return;
    if (this.text.length + t.length > this.maxCell)
      throw new VoTableError(`a cell or INFO longer than ${this.maxCell} characters`);
    this.text += t;
  }

  private close(name: string) {
    this.stack.pop();
    switch (name) {
      case 'INFO': {
        const a = this.infoAttrs ?? {};
        const info: Info = {
          name: a['name'] ?? '',
          value: a['value'] ?? '',
          text: (this.text ?? '').trim(),
          afterTable: this.tableSeen,
        };
        (this.resource && this.stack.includes('RESOURCE') ? this.resource.infos : this.doc.infos).push(info);
        this.infoAttrs = null;
        this.text = null;
        return;
      }
      case 'RESOURCE':
        this.resources.pop();
        this.tableSeen = false;
        return;
      case 'GROUP':
        this.groups.pop();
        return;
      case 'FIELD':
        if (this.fieldAttrs && this.table) {
          if (this.table.fields.length >= this.maxFields)
            throw new VoTableError(`a table with more than ${this.maxFields} fields`);
          this.table.fields.push(toField(this.fieldAttrs, this.fieldNull));
        }
        this.fieldAttrs = null;
        return;
      case 'TD': {
        const i = this.row.length;
        const decode = this.cell[i];
        if (!decode) throw new VoTableError(`a row with more cells than the ${this.cell.length} fields`);
        this.row.push(decode(this.text ?? ''));
        this.text = null;
        return;
      }
      case 'TR': {
        const fields = this.table!.fields;
        // Missing trailing cells are nulls, as the standard allows.
        while (this.row.length < fields.length) this.row.push(null);
        this.emit(this.row, this.table!, this.resource!);
        return;
      }
      case 'STREAM':
        this.stream?.end();
        this.binary?.end();
        this.stream = null;
        this.binary = null;
        return;
      case 'TABLE':
        this.table = null;
        this.tableSeen = true;
        return;
    }
  }
}

/** Reads a whole VOTable from a byte stream; rows go to `onRow` as they are decoded. */
export const readVoTable = async (
  source: AsyncIterable<Uint8Array | string>,
  opts: ReadOptions,
): Promise<VoTableDocument> => {
  const reader = new VoTableReader(opts);
  for await (const chunk of source) reader.write(chunk);
  return reader.end();
};
