import type { TranslationSettings } from '../../core/domain/profile.js';
import type { PingCheck } from '../../core/ports/PingCheck.js';
import type { DimAddress, DropSpec, Translator } from '../../core/ports/Translator.js';

interface LgNode {
  id?: string;
  key?: string | number;
  name?: string;
  category?: string;
  categoryType?: string;
  isGroup?: boolean;
}

/**
 * The translator of the mock backends: one drop per logical-graph node (no unrolling), linked as
 * the graph's edges say, all on partition #0, with a trailing reproducibility element without
 * `oid` as the real translator emits. `map` puts every drop on the DIM's first node manager.
 */
export class MockTranslator implements Translator {
  async version(): Promise<string | null> {
    return 'mock';
  }

  async ping(): Promise<PingCheck> {
    return { name: 'translator', ok: true, detail: 'mock translator: nothing is contacted' };
  }

  async partition(logicalGraph: string, settings: TranslationSettings): Promise<DropSpec[]> {
    const g = JSON.parse(logicalGraph) as {
      nodeDataArray: LgNode[];
      linkDataArray?: { from: string | number; to: string | number }[];
    };
    const oid = (n: string | number) => `mock_${n}_0`;
    // Each node's links, in the graph's order, gathered in one pass over them.
    const inputs = new Map<string, string[]>();
    const outputs = new Map<string, string[]>();
    const add = (m: Map<string, string[]>, k: string, v: string) => {
      const list = m.get(k);
      if (list) list.push(v);
      else m.set(k, [v]);
    };
    for (const l of g.linkDataArray ?? []) {
      add(inputs, String(l.to), oid(l.from));
      add(outputs, String(l.from), oid(l.to));
    }
    const drops = g.nodeDataArray
      .filter((n) => !n.isGroup)
      .map((n) => {
        const id = String(n.id ?? n.key);
        return {
          oid: oid(id),
          name: n.name ?? '',
          categoryType: n.categoryType ?? n.category ?? 'Data',
          node: '#0',
          island: '#0',
          inputs: inputs.get(id) ?? [],
          outputs: outputs.get(id) ?? [],
        };
      });
    return [...drops, { reprodata: { algo: settings.algo, num_par: settings.num_par } }];
  }

  async map(partitioned: readonly DropSpec[], _s: TranslationSettings, dim: DimAddress): Promise<DropSpec[]> {
    return partitioned.map((d) =>
      'oid' in d ? { ...d, node: `${dim.host}:8000:5555:6666`, island: `${dim.host}:${dim.port}` } : d,
    );
  }
}
