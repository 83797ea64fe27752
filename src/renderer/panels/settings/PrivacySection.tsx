import { ADDRESS_MASKING, DEFAULT_ADDRESS_MASKING, type AddressMasking } from '../../../shared/address-masking';
import { useUi } from '../../i18n';
import type { SectionProps } from './section';

/** The words of each address-masking choice. */
const MASKING_KEYS = {
  exports: 'ui.settings.maskAddressesChoice.exports',
  always: 'ui.settings.maskAddressesChoice.always',
  never: 'ui.settings.maskAddressesChoice.never',
} as const satisfies Record<AddressMasking, string>;

/** Whether e-mail addresses are masked in what Atmark attaches, saved as soon as it is picked. */
export function PrivacySection({ settings }: SectionProps) {
  const ui = useUi();
  const { form, saveChoice } = settings;
  return (
    <div className="grid-form">
      <label>
        <span id="mask-addresses-label">{ui.t('ui.settings.maskAddresses')}</span>
        <select
          aria-labelledby="mask-addresses-label"
          aria-describedby="mask-addresses-why"
          value={form.maskAddresses ?? DEFAULT_ADDRESS_MASKING}
          onChange={(e) => void saveChoice({ maskAddresses: e.target.value as AddressMasking })}
        >
          {ADDRESS_MASKING.map((m) => (
            <option key={m} value={m}>
              {ui.t(MASKING_KEYS[m])}
            </option>
          ))}
        </select>
      </label>
      <p id="mask-addresses-why" className="muted">
        {ui.t('ui.settings.maskAddressesWhy')}
      </p>
    </div>
  );
}
