/**
 * The renderer's words in English: labels, tooltips, notices, meters and empty states. The
 * reference for ja-ui.ts and ko-ui.ts, which must have exactly the same keys.
 */
export const enUi = {
  language: {
    name: 'English',
  },
};
