/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the Chess Club API; "/api" when unset. A native build sets an absolute URL. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
