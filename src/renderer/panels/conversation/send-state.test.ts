import { describe, expect, it } from 'vitest';
import { uiText } from '../../i18n/said';
import { sendDisabledReason, type SendInputs } from './send-state';

const ready: SendInputs = {
  settings: { endpoints: [{ id: 'local', name: 'Local', apiKeyRef: null, hasApiKey: false }], chosenEndpointId: 'local', keysPersist: true } as unknown as SendInputs['settings'],
  result: null,
  text: 'hello',
  hasWorkspace: true,
  streaming: false,
};

describe('why Send is disabled while Atmark starts', () => {
  it('says it is starting, not that a folder or an endpoint is missing, until the host has answered', () => {
    expect(sendDisabledReason({ ...ready, settings: null, hasWorkspace: false, starting: true })).toEqual(uiText('ui.send.starting'));
    expect(sendDisabledReason({ ...ready, settings: null, hasWorkspace: false })).toEqual(uiText('ui.send.noWorkspace'));
    expect(sendDisabledReason(ready)).toBeNull();
  });
});
