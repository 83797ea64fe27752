/**
 * When the addresses of email (.eml, .msg) are masked as `t***@example.com` (Settings, "Email
 * addresses"; docs/decisions.md, "Email: addresses are personal data"): in exports only (the
 * default), everywhere (the preview, Copy, Send and Export), or never. An export is a file that
 * outlives the session and travels, so it masks unless the person says otherwise.
 */

/** The choices, in the order Settings lists them. */
export const ADDRESS_MASKING = ['exports', 'always', 'never'] as const;

/** One of {@link ADDRESS_MASKING}. */
export type AddressMasking = (typeof ADDRESS_MASKING)[number];

/** Masked in exports only. */
export const DEFAULT_ADDRESS_MASKING: AddressMasking = 'exports';

/** True when an expansion (for an export or not) masks addresses under `mode`. */
export function masksAddresses(mode: AddressMasking, forExport: boolean): boolean {
  return mode === 'always' || (mode === 'exports' && forExport);
}
