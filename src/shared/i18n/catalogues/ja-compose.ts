import type { Catalogue } from './en';

/** The composer's budget, completion, chip cards and settings feedback in Japanese (keys as in en-compose.ts). */
export const jaCompose: Catalogue['compose'] = {
  chipCard: {
    retry: '再試行',
    label: '{{ref}} の詳細',
    range: '行範囲を指定',
    preview: 'プレビューで表示',
    remove: '削除',
    send: '送る内容',
    sendText: 'テキスト',
    sendImage: '画像',
    sendBoth: '両方',
    sendDefault: '未選択: 読み取った文字を送り、接続先が画像を受け付けるなら画像も送ります。',
  },
};
