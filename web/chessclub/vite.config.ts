import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server serves dist/ (embedded with go:embed) at "/"; `npm run dev` proxies the API to a
// local `go run ./cmd/chessclub`. The build must be byte-for-byte reproducible: the committed
// dist/ is compared with a fresh build by scripts/test-web.sh.
const ionicModule = /[\\/]node_modules[\\/]@ionic[\\/](react|core)[\\/].*\.js$/;
// The app's own wrappers of Ionic components (src/components/ion/), one per module, which only
// define a React component each: re-exported together from src/components/ionic.ts, they must
// count as free of side effects, or importing one would bundle them all.
const wrapperModule = /[\\/]src[\\/]components[\\/]ion[\\/][^\\/]+\.ts$/;

/**
 * firstScreen keeps the first screen's code together. The tournament list (the screen of `/`) is
 * loaded lazily like every screen, and the modules it shares with other screens would otherwise
 * be cut into a chunk per set of screens that import them: half a dozen small requests, each
 * compressed on its own. The plugin collects, once the module graph is known, every module the
 * list's module imports (static imports, followed through; through a re-exporting barrel such as
 * src/components/ionic.ts only to the modules whose names are imported), and the group `test`
 * puts those the entry chunk does not hold into one chunk.
 */
function firstScreen(screen: RegExp, barrel: RegExp): { plugin: Plugin; test(id: string): boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'chessclub-first-screen',
    apply: 'build',
    buildEnd() {
      const start = [...this.getModuleIds()].find((id) => screen.test(id));
      if (!start) throw new Error(`no module matches ${screen}`);
      const stack = [start];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        const info = this.getModuleInfo(id);
        for (const dep of info?.importedIds ?? []) {
          if (!barrel.test(dep)) stack.push(dep);
          else stack.push(...reexportsNamed(this.getModuleInfo(dep)?.code ?? '', dep, info?.code ?? ''));
        }
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}

/** reexportsNamed finds the modules of barrel (`export { A } from './a'`) whose names importer imports. */
function reexportsNamed(barrelCode: string, barrelId: string, importer: string): string[] {
  const names = new Set<string>();
  for (const m of importer.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"][^'"]*['"]/g)) {
    for (const n of m[1]!.split(',')) names.add(n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!);
  }
  const out: string[] = [];
  for (const m of barrelCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]*)['"]/g)) {
    const exported = m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!);
    if (exported.some((n) => names.has(n))) out.push(...['.ts', '.tsx'].map((ext) => join(dirname(barrelId), m[2]! + ext)));
  }
  return out;
}

const first = firstScreen(/[\\/]src[\\/]pages[\\/]tournaments[\\/]TournamentsPage\.tsx$/, /[\\/]src[\\/]components[\\/]ionic\.ts$/);

// The Go server for `npm run dev` and `npm run preview`; CHESSCLUB_API_URL points elsewhere.
const proxy = {
  '/api': { target: process.env.CHESSCLUB_API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), first.plugin],
  base: '/',
  server: { host: '127.0.0.1', port: 5173, proxy },
  preview: { host: '127.0.0.1', port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    // Every browser the app supports preloads modules itself; the polyfill would only cost bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the first screen needs before it can render (every module the entry imports,
          // directly or not) in the entry chunk itself, rather than in ten small shared
          // chunks: over HTTP/1.1 a browser opens six connections to a host, so ten requests
          // cost a second round trip on a slow phone link. Screens stay chunks of their own, and
          // the first screen's one chunk (firstScreen above) holds what it shares with others.
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'first-screen', test: first.test, includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        // The Ionic packages do not declare themselves free of side effects, so by default a
        // module of theirs is kept whether used or not (@ionic/react's single module, which
        // imports all ~90 components, would bring them all). Their module bodies only define
        // classes (an element is registered when its React wrapper first renders), so unused
        // ones may go; the same holds for the app's wrappers.
        moduleSideEffects: (id) => !ionicModule.test(id) && !wrapperModule.test(id),
      },
    },
  },
});
