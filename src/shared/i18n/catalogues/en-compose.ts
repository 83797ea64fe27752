/**
 * The composer's budget, completion rows, chip cards and settings feedback, in English: the
 * reference for ja-compose.ts and ko-compose.ts, which must have exactly the same keys.
 */
export const enCompose = {
  chipCard: {
    retry: 'Retry',
    label: 'Details of {{ref}}',
    range: 'Set line range',
    preview: 'Show in preview',
    remove: 'Remove',
    send: 'Send',
    sendText: 'Text',
    sendImage: 'Image',
    sendBoth: 'Both',
    sendDefault: 'Not chosen: its text is sent, and the picture too where the endpoint accepts images.',
  },
};
