import { keySentInClear } from '../../../shared/key-in-clear';
import { useUi } from '../../i18n';

/**
 * The warning under an endpoint whose API key would cross the network in clear (`http://` to a
 * host that is not this machine; see shared/key-in-clear.ts). Nothing otherwise.
 */
export function KeyInClear({ baseUrl, usesKey }: { baseUrl: string; usesKey: boolean }) {
  const ui = useUi();
  const host = keySentInClear(baseUrl, usesKey);
  if (host === null) return null;
  return (
    <p className="error key-in-clear" role="alert">
      {ui.t('ui.settings.keyInClear', { host })}
    </p>
  );
}
