// @joplin/turndown-plugin-gfm (the maintained fork of turndown-plugin-gfm) ships no types: the
// plugins it exports are turndown plugins.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  /** All GFM extensions: tables, strikethrough, task lists, highlighted code blocks. */
  export const gfm: TurndownService.Plugin;
  export const tables: TurndownService.Plugin;
  export const strikethrough: TurndownService.Plugin;
  export const taskListItems: TurndownService.Plugin;
  export const highlightedCodeBlock: TurndownService.Plugin;
}
