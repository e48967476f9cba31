// IPC channel names shared by the preload script and the main process.
export const INVOKE_CHANNEL = 'mostrador:invoke';
/** Main → renderer: the app menu's F-key screens. */
export const NAVIGATE_CHANNEL = 'mostrador:navigate';
