/**
 * The renderer's words in English: labels, tooltips, notices, meters and empty states. The
 * reference for ja-ui.ts and ko-ui.ts, which must have exactly the same keys.
 */
export const enUi = {
  language: {
    name: 'English',
  },
  folderBrowser: {
    openButton: 'Open folder…',
    title: 'Open folder',
    pathLabel: 'Folder path',
    pathHint: 'Type a path to go there; Tab completes a folder name.',
    crumbsLabel: 'Location',
    foldersLabel: 'Folders',
    recentLabel: 'Recent workspaces',
    up: 'Up',
    home: 'Home',
    open: 'Open',
    cancel: 'Cancel',
    loading: 'Loading…',
    empty: 'No folders here.',
    noMatch: 'No folder here starts with "{{prefix}}".',
    truncated: 'Only the first {{n, number}} folders are shown; type the start of a name to find others.',
    willOpen: 'Open will open {{path}}',
    keys: 'Arrow keys choose a folder, Enter goes into it, Backspace goes up.',
  },
  drop: {
    noPath: 'This browser does not tell Atmark where a dropped folder or file lives, so it cannot be opened from a drop.',
    browse: 'Choose the folder…',
  },
};
