import type { Catalogue } from './en';

/** The composer's budget, completion, chip cards and settings feedback in Japanese (keys as in en-compose.ts). */
export const jaCompose: Catalogue['compose'] = {
  chipCard: {
    retry: '再試行',
    label: '{{ref}} の詳細',
    range: '行範囲を指定',
    preview: 'プレビューで表示',
    remove: '削除',
  },
};
