/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TOKEN_TIME?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
