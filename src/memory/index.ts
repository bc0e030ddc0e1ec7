export { type AutoMemorySwitches, autoMemoryEnabled } from "./auto-memory-enabled.js";
export { autoMemoryDir, findGitRoot, MEMORY_INDEX } from "./auto-memory-paths.js";
export { backupMemory, backupsFolder, KEPT_BACKUPS } from "./dream-backup.js";
export { acquireDreamLock, DREAM_LOCK, type DreamLock, lastDreamAt } from "./dream-lock.js";
export { type DreamOutcome, type DreamPassOptions, runDreamPass } from "./dream-pass.js";
export {
  checkDreamGate,
  DEFAULT_DREAM_THRESHOLDS,
  type DreamGate,
  type DreamThresholds,
  transcriptsSince,
} from "./dream-trigger.js";
export {
  type LoadedIndex,
  loadMemoryIndex,
  MAX_INDEX_BYTES,
  MAX_INDEX_LINES,
} from "./memory-index.js";
