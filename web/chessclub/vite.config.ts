import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server serves dist/ (embedded with go:embed) at "/"; `npm run dev` proxies the API to a
// local `go run ./cmd/chessclub`. The build must be byte-for-byte reproducible: the committed
// dist/ is compared with a fresh build by scripts/test-web.sh.
const ionicModule = /[\\/]node_modules[\\/]@ionic[\\/](react|core)[\\/].*\.js$/;
// The app's own wrappers of Ionic components (src/components/ion/), one per module, which only
// define a React component each: re-exported together from src/components/ionic.ts, they must
// count as free of side effects, or importing one would bundle them all.
const wrapperModule = /[\\/]src[\\/]components[\\/]ion[\\/][^\\/]+\.ts$/;

// The Go server for `npm run dev` and `npm run preview`; CHESSCLUB_API_URL points elsewhere.
const proxy = {
  '/api': { target: process.env.CHESSCLUB_API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
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
          // cost a second round trip on a slow phone link. Screens stay chunks of their own.
          groups: [{ name: 'index', tags: ['$initial'] }],
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
