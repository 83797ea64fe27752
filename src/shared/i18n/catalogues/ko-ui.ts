import type { Catalogue } from './en';

/** The renderer's words in Korean (keys as in en-ui.ts). */
export const koUi: Catalogue['ui'] = {
  language: {
    name: '한국어',
  },
};
