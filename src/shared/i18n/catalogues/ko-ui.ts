import type { Catalogue } from './en';

/** The renderer's words in Korean (keys as in en-ui.ts). */
export const koUi: Catalogue['ui'] = {
  language: {
    name: '한국어',
  },
  folderBrowser: {
    openButton: '폴더 열기…',
    title: '폴더 열기',
    pathLabel: '폴더 경로',
    pathHint: '경로를 입력하면 그곳으로 이동합니다. Tab 키로 폴더 이름을 완성합니다.',
    crumbsLabel: '현재 위치',
    foldersLabel: '폴더',
    recentLabel: '최근 작업 공간',
    up: '위로',
    home: '홈',
    open: '열기',
    cancel: '취소',
    loading: '불러오는 중…',
    empty: '여기에는 폴더가 없습니다.',
    noMatch: '"{{prefix}}"(으)로 시작하는 폴더가 여기에 없습니다.',
    truncated: '처음 {{n, number}}개의 폴더만 보여 줍니다. 다른 폴더를 찾으려면 이름의 앞부분을 입력하세요.',
    willOpen: '열기를 누르면 {{path}}을(를) 엽니다',
    keys: '화살표 키로 폴더를 고르고, Enter 키로 들어가며, Backspace 키로 위로 갑니다.',
  },
  drop: {
    noPath: '이 브라우저는 끌어다 놓은 폴더나 파일의 위치를 Atmark에 알려 주지 않으므로, 끌어다 놓아서는 열 수 없습니다.',
    browse: '폴더 고르기…',
  },
};
