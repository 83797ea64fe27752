/** The path of an installed Electron binary, or null when there is none (never downloads). */
export function electronBinary(root?: string): string | null;
