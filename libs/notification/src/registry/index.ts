/** Backends by name: one registry per kind, owning (and closing) what the modules built. */
export { NamedBackendRegistry, type NamedBackend } from './named-backend.registry.js';
export {
  SMS_BACKEND_REGISTRY,
  PUSH_BACKEND_REGISTRY,
  CHAT_BACKEND_REGISTRY,
  MAIL_BACKEND_REGISTRY,
} from './backend-registry.tokens.js';
export type { ProviderCapabilities } from './provider-capabilities.js';
export { PROVIDER_CATALOG, renderProviderTable } from './provider-catalog.js';
