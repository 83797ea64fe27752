import type { Catalogue } from './en';

/** The composer's budget, completion, chip cards and settings feedback in Korean (keys as in en-compose.ts). */
export const koCompose: Catalogue['compose'] = {
  placeholder: '작성',
};
