import { EditorView } from '@codemirror/view';

/**
 * The composer's look. Colours are CSS variables from styles.css, which switch with the system's
 * light or dark preference, so one theme serves both.
 */
export const composerTheme = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--bg-input)', fontSize: '15px', border: '1px solid var(--border)', borderRadius: '8px' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '2px' },
  '.cm-content': { fontFamily: 'var(--font-ui)', padding: '8px 4px', minHeight: '3.2em', caretColor: 'var(--fg)' },
  // The composer grows with its text up to a third of the window, then scrolls.
  '.cm-scroller': { maxHeight: '33vh', overflow: 'auto' },
  '.cm-placeholder': { color: 'var(--fg-muted)' },
  '.cm-chip': {
    display: 'inline-flex',
    alignItems: 'baseline',
    gap: '0.35em',
    padding: '0 0.45em',
    margin: '0 1px',
    borderRadius: '6px',
    border: '1px solid var(--chip-border)',
    backgroundColor: 'var(--chip-bg)',
    fontSize: '0.9em',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  },
  '.cm-chip-kind': { fontWeight: '600', color: 'var(--accent)' },
  '.cm-chip-state': { fontSize: '0.8em', textTransform: 'uppercase', letterSpacing: '0.03em', color: 'var(--fg-muted)' },
  '.cm-chip-tokens': { fontSize: '0.8em', color: 'var(--fg-muted)' },
  // A document being read: how far it has come, where the tokens will be, in figures that do not jump.
  '.cm-chip-progress': { fontSize: '0.8em', color: 'var(--fg-muted)', fontVariantNumeric: 'tabular-nums' },
  '.cm-chip-ok': { borderColor: 'var(--ok)' },
  '.cm-chip-ok .cm-chip-state': { color: 'var(--ok)' },
  '.cm-chip-warning': { borderColor: 'var(--warn)', backgroundColor: 'var(--warn-bg)' },
  '.cm-chip-warning .cm-chip-state': { color: 'var(--warn)' },
  '.cm-chip-blocked': { borderColor: 'var(--bad)', backgroundColor: 'var(--bad-bg)' },
  '.cm-chip-blocked .cm-chip-state': { color: 'var(--bad)' },
  '.cm-chip-resolving .cm-chip-state': { color: 'var(--fg-muted)', fontStyle: 'italic' },
  '.cm-tooltip': { backgroundColor: 'var(--bg-raised)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent)', color: 'var(--on-accent)' },
  // Muted by colour, not opacity: an opaque muted colour keeps the contrast axe requires (4.5:1).
  '.cm-completionDetail': { marginLeft: '1em', fontStyle: 'normal', color: 'var(--fg-muted)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected] .cm-completionDetail': { color: 'inherit' },
  // Icons by kind and file type: a short glyph in the icon column (text, so every script's font has it).
  '.cm-completionIcon': { width: '1.6em', opacity: '1', fontSize: '85%', textAlign: 'center' },
  '.cm-completionIcon-keyword:after': { content: "'@'" },
  '.cm-completionIcon-folder:after': { content: "'▸'" },
  '.cm-completionIcon-file:after': { content: "'·'" },
  '.cm-completionIcon-code:after': { content: "'{}'" },
  '.cm-completionIcon-text:after': { content: "'¶'" },
  '.cm-completionIcon-data:after': { content: "'≡'" },
  '.cm-completionIcon-document:after': { content: "'▤'" },
  '.cm-completionIcon-image:after': { content: "'▨'" },
  '.cm-completionIcon-mail:after': { content: "'✉'" },
  '.cm-completionIcon-web:after': { content: "'◎'" },
  '.cm-completionIcon-constant:after': { content: "'±'" },
  '.cm-completionIcon-variable:after': { content: "'#'" },
  '.cm-completionIcon-more:after': { content: "'…'" },
  '.cm-completionIcon-too-large:after': { content: "'!'" },
  // Git marks: small words after the label, coloured like the chips' states (opaque colours, for contrast).
  '.cm-completion-marks': { marginLeft: '0.6em' },
  '.cm-completion-mark': { fontSize: '85%', border: '1px solid currentColor', borderRadius: '3px', padding: '0 3px', marginRight: '3px' },
  '.cm-completion-mark-modified': { color: 'var(--warn)' },
  '.cm-completion-mark-staged': { color: 'var(--ok)' },
  '.cm-completion-mark-untracked': { color: 'var(--fg-muted)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected] .cm-completion-mark': { color: 'inherit' },
  // A row that would fail: muted, with a ⊘ icon, never hidden, so the reason can be read.
  '.cm-completion-disabled': { color: 'var(--fg-muted)', cursor: 'not-allowed' },
  '.cm-completionIcon-disabled:after': { content: "'⊘'" },
  '.cm-completion-card': { maxWidth: '360px', fontSize: '12px' },
  '.cm-completion-card-summary': { margin: '0 0 4px', fontWeight: '600' },
  '.cm-completion-card pre': { margin: '0', whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
});
