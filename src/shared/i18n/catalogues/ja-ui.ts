import type { Catalogue } from './en';

/** The renderer's words in Japanese (keys as in en-ui.ts). */
export const jaUi: Catalogue['ui'] = {
  language: {
    name: '日本語',
  },
};
