// Where a server's CPU time went, from the V8 CPU profile it writes at exit (node --cpu-prof):
// self time summed by package (node_modules/<name>), by app file, and by function.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};

type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type Share = { name: string; ms: number; percent: number };
export type ProfileSummary = {
  file: string;
  totalMs: number;
  /** Self time by where the running code lives. */
  byArea: Share[];
  /**
   * Self time charged to the nearest package or app frame up the stack, so that native work
   * (socket writes, JSON, crypto) and Node internals count for whoever asked for them.
   */
  byOwner: Share[];
  byFunction: Share[];
};

const UNOWNED = new Set(['(native)', 'node: internals']);

/** Which package or part of the app a frame belongs to. */
function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (garbage collector), (program), (idle)
    return '(native)';
  }
  if (url.startsWith('wasm://')) return 'wasm (PGlite engine)';
  if (url.startsWith('node:')) return 'node: internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const src = url.indexOf('/src/');
  if (src !== -1) return `app ${url.slice(src + 1)}`;
  return url;
}

function top(map: Map<string, number>, total: number, count: number): Share[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: us / 1000, percent: total > 0 ? (us / total) * 100 : 0 }));
}

export function summarizeProfile(file: string, count = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const ownerOf = (id: number, area: string) => {
    let current: number | undefined = id;
    while (current !== undefined) {
      const frame = nodes.get(current)?.callFrame;
      if (frame) {
        const candidate = areaOf(frame.url, frame.functionName);
        if (!UNOWNED.has(candidate)) return candidate === area ? area : `${candidate} (via ${area})`;
      }
      current = parents.get(current);
    }
    return area;
  };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byArea = new Map<string, number>();
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame || frame.functionName === '(idle)') continue;
    total += us;
    const area = areaOf(frame.url, frame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const owner = UNOWNED.has(area) ? ownerOf(id, area) : area;
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${area}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  return {
    file,
    totalMs: total / 1000,
    byArea: top(byArea, total, count),
    byOwner: top(byOwner, total, count),
    byFunction: top(byFunction, total, count),
  };
}

/** The .cpuprofile files in `dir`, oldest first. */
export function profilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .sort()
      .map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}
