import { useState } from 'react';
import { firstBadAllowEntry, splitAllowList } from '../../../shared/allow-host';
import { useUi } from '../../i18n';

/** Props of {@link HostListField}. */
interface HostListFieldProps {
  /** The field's id; its sentences take `<id>-problem` and `<id>-help`. */
  id: string;
  /** A label of its own (`labelText`), or the id of an element that labels it (`labelId`, a fieldset's legend). */
  labelText?: string;
  labelId?: string;
  /**
   * The words of the element `labelId` names, given as the field's own name too: axe did not
   * resolve a legend's Japanese words through aria-labelledby (label-title-only), so the field
   * carries them itself.
   */
  name?: string;
  help: string;
  hosts: readonly string[];
  rows: number;
  /** Called when the person leaves the field with a list whose every entry is a host. */
  onSave(hosts: string[]): void;
}

/**
 * A list of allowed hosts, one per line (or separated by spaces or commas), in the syntax of
 * `--allow-host` (src/shared/allow-host.ts). It is checked when the person leaves it: an entry that
 * is not a host is named beside the field, the text stays as typed to be corrected, and nothing is
 * saved.
 */
export function HostListField({ id, labelText, labelId, name, help, hosts, rows, onSave }: HostListFieldProps) {
  const ui = useUi();
  // What is typed, until it is saved; null shows the saved list.
  const [text, setText] = useState<string | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  const problemId = `${id}-problem`;
  const helpId = `${id}-help`;
  const leave = () => {
    if (text === null) return;
    const typed = splitAllowList(text);
    const refused = firstBadAllowEntry(typed);
    setBad(refused);
    if (refused !== null) return;
    setText(null);
    onSave(typed);
  };
  return (
    <div className="host-list">
      {labelText !== undefined && <label htmlFor={id}>{labelText}</label>}
      <textarea
        id={id}
        aria-labelledby={labelId}
        aria-label={name}
        aria-describedby={bad === null ? helpId : `${problemId} ${helpId}`}
        aria-invalid={bad !== null}
        rows={rows}
        spellCheck={false}
        value={text ?? hosts.join('\n')}
        onChange={(e) => setText(e.target.value)}
        onBlur={leave}
      />
      {bad !== null && (
        <p id={problemId} className="field-problem" role="alert">
          {ui.t('ui.settings.badHost', { entry: bad })}
        </p>
      )}
      <p id={helpId} className="muted">
        {help}
      </p>
    </div>
  );
}
