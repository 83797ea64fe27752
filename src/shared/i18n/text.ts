import type { Catalogue } from './catalogues/en';

/**
 * A sentence for a person, as a catalogue key and its parameters rather than as words: main builds
 * it, and whoever shows it (the renderer in the UI language, the prompt in the prompt language,
 * the CLI in the terminal's) turns it into words. Plain data, so it crosses IPC, the WebSocket
 * and session files unchanged.
 */
export interface Text {
  key: MessageKey;
  params?: TextParams;
}

/**
 * A parameter: words as they are (a path, a name), a number (formatted for the locale), another
 * Text, or a list of these (joined with the language's list separator).
 */
export type TextParam = string | number | Text | null | undefined | readonly TextParam[];
export type TextParams = Readonly<Record<string, TextParam>>;

/** Every key of the catalogues, dotted (`fs.notFound`); plural forms (`_one`, `_other`) by their base. */
export type MessageKey = StripPlural<Leaves<Catalogue>>;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type StripPlural<K> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;

/** Builds a {@link Text}. Parameters that are undefined are left out. */
export function text(key: MessageKey, params?: TextParams): Text {
  if (!params) return { key };
  const kept: Record<string, TextParam> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined) kept[name] = value;
  return { key, params: kept };
}

/** True for a value shaped like a {@link Text} (as it arrives from IPC or a stored file). */
export function isText(value: unknown): value is Text {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/**
 * A copy of `t` with `f` applied to every string parameter, in nested texts and lists too (numbers
 * and empty values stay). The redaction of a reference's metadata and the scrub of a reply's
 * sentences both walk a text this way.
 */
export function mapTextStrings(t: Text, f: (value: string) => string): Text {
  if (!t.params) return t;
  const param = (v: TextParam): TextParam => {
    if (typeof v === 'string') return f(v);
    if (Array.isArray(v)) return v.map(param);
    if (isText(v)) return mapTextStrings(v, f);
    return v;
  };
  const params: Record<string, TextParam> = {};
  for (const [k, v] of Object.entries(t.params)) params[k] = param(v);
  return { key: t.key, params };
}
