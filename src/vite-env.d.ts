/// <reference types="vite/client" />

declare const __APP_VERSION__: string

interface ImportMetaEnv {
  readonly VITE_OIDC_ISSUER?: string
  readonly VITE_OIDC_CLIENT_ID?: string
  /** Build-time orchestrator auth flag ("1" enables permission checks); the environment's config wins. */
  readonly VITE_ORCHESTRATOR_AUTH?: string
}
