import { createTwoFilesPatch } from 'diff';
import type { TextDiff } from '../../core/ports/TextDiff.js';

/** jsdiff's unified diff (the `diff` package, as `surveyor project diff` uses it). */
export class UnifiedTextDiff implements TextDiff {
  unified(aName: string, bName: string, a: string, b: string): string {
    return a === b ? '' : createTwoFilesPatch(aName, bName, a, b);
  }
}
