/** Raised when a backup cannot be written or restored; its message tells the operator why. */
export class BackupError extends Error {}
