import type { Catalogue } from './en';

/** The composer's budget, completion, chip cards and settings feedback in Korean (keys as in en-compose.ts). */
export const koCompose: Catalogue['compose'] = {
  chipCard: {
    retry: '다시 시도',
    label: '{{ref}} 자세히',
    range: '줄 범위 지정',
    preview: '미리보기에서 보기',
    remove: '지우기',
  },
};
