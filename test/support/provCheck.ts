// Reads a provenance document with the W3C PROV reference library (`prov`, from PyPI, in the venv
// scripts/lib/pytools.sh makes): what it found, and the problems it had reading it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const checker = fileURLToPath(new URL('../../../test/support/python/prov_check.py', import.meta.url));

export interface ProvReading {
  readonly elements: Record<string, number>;
  readonly relations: Record<string, number>;
  readonly types: Record<string, number>;
  readonly problems: string[];
}

/** The library's reading of `doc` (PROV-JSON); throws when the library is not set up. */
export const provCheck = (doc: unknown): ProvReading => {
  const python = process.env['SURVEYOR_PROV_PYTHON'];
  if (!python)
    throw new Error('SURVEYOR_PROV_PYTHON is not set: scripts/test sets it up (scripts/lib/pytools.sh)');
  const dir = mkdtempSync(join(tmpdir(), 'prov-'));
  try {
    const file = join(dir, 'doc.json');
    writeFileSync(file, JSON.stringify(doc));
    return JSON.parse(
      execFileSync(python, [checker, file], { encoding: 'utf8', timeout: 60_000 }),
    ) as ProvReading;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
