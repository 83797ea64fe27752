/**
 * What one thread's heap holds, from a V8 heap snapshot (bench/server.ts writes one per thread with
 * ATMARK_BENCH_HEAP_DIR): the total of the live objects and the largest groups (strings, objects
 * by constructor, array buffers, code), so the bench can say per thread where the memory is.
 */
import fs from 'node:fs';

/** The live bytes of a snapshot and its largest groups, in MiB. */
export interface HeapSummary {
  totalMiB: number;
  groups: Array<{ what: string; MiB: number; count: number }>;
}

/** Reads `file` (a .heapsnapshot) and sums its nodes' self sizes by type and name. */
export function summariseHeap(file: string, top = 6): HeapSummary {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const groups = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType] as number] as string;
    const size = snap.nodes[i + iSize] as number;
    total += size;
    // Strings are grouped together; objects, arrays and native buffers by their constructor's name.
    const what = type.includes('string') ? 'strings' : type === 'code' ? 'code' : `${type} ${(snap.strings[snap.nodes[i + iName] as number] ?? '').slice(0, 40)}`;
    const group = groups.get(what) ?? { bytes: 0, count: 0 };
    group.bytes += size;
    group.count++;
    groups.set(what, group);
  }
  const mib = (bytes: number) => bytes / 1024 / 1024;
  return {
    totalMiB: mib(total),
    groups: [...groups]
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .slice(0, top)
      .map(([what, g]) => ({ what, MiB: mib(g.bytes), count: g.count })),
  };
}
