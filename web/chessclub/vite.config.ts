import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The Go server serves dist/ (embedded with go:embed) at "/"; `npm run dev` proxies the API to a
// local `go run ./cmd/chessclub`. The build must be byte-for-byte reproducible: the committed
// dist/ is compared with a fresh build by scripts/test-web.sh.
const ionicModule = /[\\/]node_modules[\\/]@ionic[\\/](react|core)[\\/].*\.js$/;

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
    rolldownOptions: {
      treeshake: {
        // @ionic/react imports every Ionic component at the top of its single module, and the
        // packages do not declare themselves free of side effects, so by default all ~90
        // components end up in the entry chunk. Their module bodies only define classes (the
        // elements are registered when a React wrapper first renders), so unused ones may go.
        moduleSideEffects: (id) => !ionicModule.test(id),
      },
    },
  },
});
