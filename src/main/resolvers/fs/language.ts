/**
 * The fence info string for an attached file, from its extension or well-known name, so the model
 * (and the preview) read it with the right syntax. Unknown extensions give `''` (a plain fence).
 */
import path from 'node:path';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: 'ts', tsx: 'tsx', mts: 'ts', cts: 'ts',
  js: 'js', jsx: 'jsx', mjs: 'js', cjs: 'js',
  json: 'json', jsonc: 'jsonc', json5: 'json5',
  md: 'markdown', markdown: 'markdown', mdx: 'mdx', rst: 'rst', tex: 'latex',
  html: 'html', htm: 'html', xml: 'xml', svg: 'xml', css: 'css', scss: 'scss', sass: 'sass', less: 'less',
  vue: 'vue', svelte: 'svelte',
  py: 'python', pyi: 'python', rb: 'ruby', php: 'php', pl: 'perl', lua: 'lua', r: 'r', jl: 'julia',
  go: 'go', rs: 'rust', c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp',
  m: 'objectivec', mm: 'objectivec', swift: 'swift', kt: 'kotlin', kts: 'kotlin', java: 'java',
  scala: 'scala', groovy: 'groovy', gradle: 'groovy', cs: 'csharp', fs: 'fsharp', vb: 'vbnet',
  dart: 'dart', ex: 'elixir', exs: 'elixir', erl: 'erlang', hs: 'haskell', elm: 'elm',
  clj: 'clojure', ml: 'ocaml', nim: 'nim', zig: 'zig', sol: 'solidity',
  sh: 'sh', bash: 'bash', zsh: 'zsh', fish: 'fish', ps1: 'powershell', bat: 'bat', cmd: 'bat',
  sql: 'sql', graphql: 'graphql', gql: 'graphql', proto: 'protobuf', prisma: 'prisma',
  yaml: 'yaml', yml: 'yaml', toml: 'toml', ini: 'ini', cfg: 'ini', conf: 'ini', properties: 'properties',
  diff: 'diff', patch: 'diff', tf: 'hcl', hcl: 'hcl', nix: 'nix', csv: 'csv', cmake: 'cmake',
};

const BY_NAME: Readonly<Record<string, string>> = {
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  'cmakelists.txt': 'cmake',
  gemfile: 'ruby',
  rakefile: 'ruby',
};

/** The fence language for a file path: `src/a.ts` -> `ts`, `Dockerfile` -> `dockerfile`, `notes.txt` -> `''`. */
export function languageOf(filePath: string): string {
  const base = path.basename(filePath.replace(/\\/g, '/')).toLowerCase();
  const byName = BY_NAME[base];
  if (byName) return byName;
  if (base.startsWith('dockerfile.')) return 'dockerfile';
  const ext = path.extname(base).slice(1);
  return BY_EXTENSION[ext] ?? '';
}
