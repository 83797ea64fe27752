import type { Catalogue } from './en';

/** The renderer's words in Japanese (keys as in en-ui.ts). */
export const jaUi: Catalogue['ui'] = {
  language: {
    name: '日本語',
  },
  folderBrowser: {
    openButton: 'フォルダーを開く…',
    title: 'フォルダーを開く',
    pathLabel: 'フォルダーのパス',
    pathHint: 'パスを入力するとそこへ移動します。Tab でフォルダー名を補完します。',
    crumbsLabel: '現在の場所',
    foldersLabel: 'フォルダー',
    recentLabel: '最近のワークスペース',
    up: '上へ',
    home: 'ホーム',
    open: '開く',
    cancel: 'キャンセル',
    loading: '読み込み中…',
    empty: 'ここにはフォルダーがありません。',
    noMatch: '"{{prefix}}" で始まるフォルダーはここにありません。',
    truncated: '最初の {{n, number}} 個のフォルダーだけを表示しています。ほかを探すには名前の先頭を入力してください。',
    willOpen: '「開く」で {{path}} を開きます',
    keys: '矢印キーでフォルダーを選び、Enter で中に入り、Backspace で上に戻ります。',
  },
  drop: {
    noPath: 'このブラウザーはドロップされたフォルダーやファイルの場所を Atmark に伝えないため、ドロップからは開けません。',
    browse: 'フォルダーを選ぶ…',
  },
};
