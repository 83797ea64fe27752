import type { ComponentType } from 'react';
import type { UiKey } from '../../i18n';
import { ALLOWED_HOSTS_LEGEND_ID, AllowedHostsSection } from './AllowedHostsSection';
import { EndpointSection } from './EndpointSection';
import { LanguagesSection } from './LanguagesSection';
import { LimitsSection } from './LimitsSection';
import { PrivacySection } from './PrivacySection';
import type { SectionProps } from './section';

/** One fieldset of the settings panel: its legend's words (and id, when a field is named by it) and what it holds. */
export interface SettingsSection {
  id: string;
  legend: UiKey;
  legendId?: string;
  Component: ComponentType<SectionProps>;
}

/** The settings panel's sections, in the order drawn. A new section is one component and one line here. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  { id: 'languages', legend: 'ui.settings.languages', Component: LanguagesSection },
  { id: 'privacy', legend: 'ui.settings.privacy', Component: PrivacySection },
  { id: 'endpoint', legend: 'ui.settings.endpoint', Component: EndpointSection },
  { id: 'limits', legend: 'ui.settings.limits', Component: LimitsSection },
  { id: 'allowed-hosts', legend: 'ui.settings.allowedHosts', legendId: ALLOWED_HOSTS_LEGEND_ID, Component: AllowedHostsSection },
];
