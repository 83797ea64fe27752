import type { SettingsForm } from './use-settings-form';

/** What every section of the settings panel is drawn from: the one form of the panel. */
export interface SectionProps {
  settings: SettingsForm;
}
