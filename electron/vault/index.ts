// The vault's public surface; the main process picks one implementation at start-up.
export { createFileVault } from './file-vault';
export { createMemoryVault } from './memory-vault';
export { createSafeStorageVault, type SafeStorageLike } from './safe-storage-vault';
export {
  type SetTokenOptions,
  type Vault,
  type VaultEncryption,
  VaultError,
  type VaultErrorCode,
  type VaultProblem,
  type VaultStatus,
} from './vault';
