import { uiText, useUi } from '../../i18n';
import { HostListField } from './HostListField';
import type { SectionProps } from './section';

/** The id of this section's legend, which names its first field. */
export const ALLOWED_HOSTS_LEGEND_ID = 'allowed-hosts-label';

/** The hosts `@url` may fetch from: for every workspace, and for the open one. */
export function AllowedHostsSection({ settings }: SectionProps) {
  const ui = useUi();
  const { form, workspace, workspaceHosts, commit, saveWorkspaceHosts } = settings;
  return (
    <>
      <HostListField
        id="all-hosts"
        labelId={ALLOWED_HOSTS_LEGEND_ID}
        name={ui.t('ui.settings.allowedHosts')}
        help={ui.t('ui.settings.allowedHostsHelp')}
        hosts={form.allowHosts}
        rows={3}
        onSave={(allowHosts) => void commit({ ...form, allowHosts }, uiText('ui.settings.changeSaved'))}
      />
      {workspace && (
        <HostListField
          // Text typed for one workspace is not carried over to the next one opened.
          key={workspace.root}
          id="workspace-hosts"
          labelText={ui.t('ui.settings.workspaceAllowedHosts', { name: workspace.name })}
          help={ui.t('ui.settings.workspaceAllowedHostsHelp')}
          hosts={workspaceHosts}
          rows={2}
          onSave={saveWorkspaceHosts}
        />
      )}
    </>
  );
}
