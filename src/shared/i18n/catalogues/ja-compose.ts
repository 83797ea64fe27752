import type { Catalogue } from './en';

/** The composer's budget, completion, chip cards and settings feedback in Japanese (keys as in en-compose.ts). */
export const jaCompose: Catalogue['compose'] = {
  placeholder: '作成',
};
