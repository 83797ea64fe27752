import type { Catalogue } from './en';

/** The composer's budget, completion, chip cards and settings feedback in Korean (keys as in en-compose.ts). */
export const koCompose: Catalogue['compose'] = {
  chipCard: {
    retry: '다시 시도',
    label: '{{ref}} 자세히',
    range: '줄 범위 지정',
    preview: '미리보기에서 보기',
    remove: '지우기',
    send: '보낼 내용',
    sendText: '텍스트',
    sendImage: '이미지',
    sendBoth: '둘 다',
    sendDefault: '선택 안 함: 읽은 글자를 보내고, 연결 대상이 이미지를 받으면 이미지도 보냅니다.',
  },
};
