/** Every sentence the session store shows a person (one place, so other languages can follow). */
export const SESSION_TEXT = {
  noSuchResult: 'this session has no such result',
  foreignResult: (id: string): string => `result ${id} belongs to another session and was not used`,
  damagedResult: (id: string): string => `result ${id} is damaged (its text no longer matches what was stored) and was not used`,
  notASession: (dir: string): string =>
    `${dir} is not an Atmark session folder (it has files but no session.json): pass an empty or new folder, or an existing session`,
  sessionDamaged: (dir: string): string => `the session in ${dir} is damaged (session.json cannot be read): start a new session`,
  cannotCreate: (dir: string, why: string): string => `could not create the session folder ${dir} (${why})`,
  interrupted: 'The app closed while this reply was streaming; the reply is kept as far as it was saved.',
  blockLabel: (reference: string, run: number): string => `${reference} in run ${run}`,
  replyLabel: (run: number, model: string | null): string => `reply of run ${run}${model ? ` (${model})` : ''}`,
  blocked: 'Nothing was sent: the attached context passes the hard token limit. Remove a reference or use a narrower line range, then send again.',
  saveFailed: (why: string): string => `Nothing was sent because the run could not be recorded: ${why}`,
  stoppedBeforeSending: 'Stopped before anything was sent.',
  noDraftWorkspace: 'no workspace',
  keptAside: (name: string, why: string, keptAs: string): string =>
    `${name} could not be read (${why}), so Atmark started a fresh one and kept the damaged file as ${keptAs}; open it to recover anything you need from it.`,
  couldNotKeepAside: (name: string, why: string, error: string): string =>
    `${name} could not be read (${why}) and could not be moved aside (${error}); Atmark will not write over it: move or repair it yourself.`,
  draftNotSaved: (why: string): string =>
    `Your draft could not be saved (${why}); it stays in the composer, but copy it somewhere safe until this notice goes away.`,
  draftTooLarge: (limit: string): string =>
    `Your draft is larger than ${limit} and is no longer saved to disk; it stays in the composer, but copy it somewhere safe, or shorten it.`,
} as const;
