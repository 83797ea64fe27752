/** The app's log file and the events written to it. */
export { logCall, logCrash, logEvent } from './log-events';
export { createLogFile, type LogFile } from './log-file';
