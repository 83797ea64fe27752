import { endpointLocality } from '../../../shared/endpoint-locality';
import { useUi } from '../../i18n';

/**
 * "Local" under an endpoint whose address is on this computer or a local network (see
 * shared/endpoint-locality.ts), so a person can see where prompts go. Nothing for other addresses.
 */
export function EndpointLocalityNote({ baseUrl }: { baseUrl: string }) {
  const ui = useUi();
  const locality = endpointLocality(baseUrl);
  if (locality === null) return null;
  return <p className="muted endpoint-locality">{ui.t(locality === 'this-computer' ? 'ui.settings.localThisComputer' : 'ui.settings.localNetwork')}</p>;
}
