export const ELECTRON_VERSION: string;
export interface Finding {
  check: string;
  severity: string;
  confidence: string;
  file: string;
  location: string;
  description: string;
}
export interface AllowEntry {
  check: string;
  file: string;
  reason: string;
}
export function parseFindings(csv: string): Finding[];
export function judgeFindings(findings: Finding[], allowed: AllowEntry[]): { unlisted: Finding[]; stale: AllowEntry[]; badEntries: AllowEntry[] };
