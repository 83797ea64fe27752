/**
 * The resolvers' second face: one loader per kind whose resolver the engine imports on the kind's
 * first reference, so a one-file expand never loads git, the network or the document readers. Each
 * loader is a dynamic import; this file itself loads nothing.
 */
export const resolverLoaders = {
  file: async () => (await import('./file')).fileResolver,
  folder: async () => (await import('./folder')).folderResolver,
  diff: async () => (await import('./diff')).diffResolver,
  staged: async () => (await import('./staged')).stagedResolver,
  git: async () => (await import('./log')).logResolver,
  url: async () => (await import('./url')).urlResolver,
} as const;
