// @vitest-environment node
// The shape of src/ as a test: no module imports itself through others (a cycle makes a reader
// hold several files at once, and the bundler order their evaluation by guesswork), and each
// folder imports only what its role allows. Every import counts: static, type-only, re-exports
// and dynamic import(), since a cycle through types or a lazy chunk is a cycle for the reader too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

/** sources lists the .ts and .tsx files under src/, relative to it, with "/" between folders. */
function sources(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) ? [relative(src, path).split('\\').join('/')] : [];
  });
}

// The specifiers of import and export-from declarations, side-effect imports, import() and
// vi.mock(): after `from`, after a bare `import`, or as the first argument of those calls.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.mock\(\s*)(['"])([^'"]+)\1/gm;

/** specifiers returns the module specifiers a file names, comments left out. */
export function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(SPECIFIER)].map((m) => m[2]!);
}

/** resolve finds the file a relative specifier names, as the bundler does; undefined for a package or a stylesheet. */
function resolve(from: string, spec: string, files: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  const found = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((f) => files.has(f));
  if (!found && !/\.(css|svg|png)$/.test(spec)) throw new Error(`${from}: cannot resolve ${spec}`);
  return found;
}

/** The import graph of src/: each file and the files of src/ it names. */
function graph(): Map<string, string[]> {
  // This file is left out: its own examples would read as imports.
  const files = sources().filter((f) => f !== 'test/imports.test.ts');
  const known = new Set(files);
  return new Map(
    files.map((f) => {
      const deps = specifiers(readFileSync(join(src, f), 'utf8'))
        .map((s) => resolve(f, s, known))
        .filter((d): d is string => d !== undefined);
      return [f, [...new Set(deps)]];
    }),
  );
}

/**
 * findCycle returns the first cycle of the graph as the files along it, the first repeated at the
 * end ([a, b, a]), or null. A depth-first search in a fixed order, so that the same tree always
 * names the same cycle.
 */
export function findCycle(g: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string): string[] | null => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    path.push(node);
    onPath.add(node);
    for (const next of g.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
    return null;
  };
  for (const node of [...g.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The folder of src/ a file belongs to ("rules", "pages/tournament"), or "" for the root. */
function folder(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return '';
  return parts[0] === 'pages' ? `pages/${parts[1]}` : parts[0]!;
}

describe('the import graph of src/', () => {
  const g = graph();
  const production = [...g.keys()].filter((f) => !/\.test\.tsx?$/.test(f) && !f.startsWith('test/'));

  it('reads every kind of import', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "export * from './d';",
      "import './e.css';",
      "const F = lazy(() => import('./f'));",
      "vi.mock('./g', () => ({}));",
      '// import { h } from "./h";',
      '/* import { i } from "./i"; */',
      "import {\n  j,\n  type J,\n} from './j';",
    ].join('\n');
    expect(specifiers(text)).toEqual(['./a', '../b', './c', './d', './e.css', './f', './g', './j']);
  });

  it('finds a cycle and names it', () => {
    const cyclic = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(findCycle(cyclic)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
    expect(findCycle(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toBeNull();
  });

  it('has no cycle', () => {
    expect(g.size).toBeGreaterThan(100);
    const cycle = findCycle(g);
    expect(cycle, cycle ? `import cycle: ${cycle.join(' → ')}` : '').toBeNull();
  });

  it('keeps each folder to its role', () => {
    const wrong: string[] = [];
    for (const f of production) {
      const from = folder(f);
      for (const d of g.get(f)!) {
        const to = folder(d);
        // Only the route table (screens.ts) names the screens; a screen imports no other screen.
        if (to.startsWith('pages/') && from !== to && f !== 'screens.ts') wrong.push(`${f} → ${d}: only screens.ts imports a screen`);
        // Pure logic and the API client know nothing of React, hooks, components or screens.
        if ((from === 'rules' || from === 'api') && ['hooks', 'components', 'pages', 'platform'].some((x) => to === x || to.startsWith(`${x}/`)))
          wrong.push(`${f} → ${d}: ${from}/ imports no ${to}/`);
        // Hooks, components and the platform's modules serve the screens, never the other way round.
        if (['hooks', 'components', 'platform'].includes(from) && to.startsWith('pages/')) wrong.push(`${f} → ${d}`);
        // Tests' helpers stay out of the app.
        if (to === 'test') wrong.push(`${f} → ${d}: the app imports nothing from test/`);
      }
      if (folder(f) === 'rules' || folder(f) === 'api') {
        for (const s of specifiers(readFileSync(join(src, f), 'utf8'))) {
          if (/^(react|react-dom|react-router|react-router-dom|@ionic\/|@capacitor\/|ionicons)(\/|$)/.test(s)) wrong.push(`${f} → ${s}: ${folder(f)}/ is plain TypeScript`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
