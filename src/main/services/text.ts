/**
 * Sentences the services show to people, in one place so other languages can follow (STYLE 10).
 */
export const SERVICE_TEXT = {
  folderNotFound: (p: string) => `The folder "${p}" was not found; check the path and try again.`,
  notAFolder: (p: string) => `"${p}" is a file, not a folder; open the folder that contains it instead.`,
  fileNotFound: (p: string) => `The file "${p}" was not found; it may have been moved or deleted.`,
  notAFile: (p: string) => `"${p}" is not a regular file; only files can be attached with @file.`,
  protectedFile: (p: string, reason: string) => `"${p}" is a sensitive credential file (${reason}) and is never attached.`,
  unwritablePath: (p: string) => `The path "${p}" cannot be written as a reference; rename the file or copy it into the workspace.`,
  noWorkspace: 'No workspace is open; open a folder first (Open folder, or drop a folder on the window).',
  cancelled: 'The request was cancelled because newer input replaced it.',
  unsupportedHere: (what: string) => `${what} is not available here.`,
  expandFailed: (reason: string) => `Expanding the prompt failed: ${reason}`,
  settingsInvalid: (field: string, why: string) => `The settings were not saved: ${field ? `${field}: ` : ''}${why}. Correct the field and save again.`,
  settingsNotSaved: (why: string) => `The settings could not be written to disk (${why}); check that the settings folder is writable.`,
  noKeyPlace: (id: string) => `The endpoint "${id}" does not use an API key; choose an endpoint that needs one, or save the settings first.`,
  noSessions: 'Sessions are not kept here because no user-data folder was given.',
  sessionNotFound: 'That session was not found; it may have been deleted.',
  runNotFound: 'That run was not found in the session; it may have been deleted.',
  sendBusy: 'A reply is still streaming; wait for it or press Stop, then send again.',
  stoppedBeforeSending: 'Stopped before anything was sent.',
  sendFailed: (reason: string) => `Sending failed: ${reason}`,
  gitUnavailable: 'This workspace is not a git repository, so there are no commits to offer.',
} as const;
