import type { Language } from './languages';

/**
 * Words main writes into a sentence's parameters as English phrases (why a path is protected,
 * what kind of address was refused, which secret rule matched), with their Japanese and Korean.
 * `translate` passes every string parameter through {@link localPhrase}, so a Japanese or Korean
 * sentence never carries an English fragment from them. A phrase not listed here stays as it is
 * (a rule's id is a code, the same in every language).
 */

type Phrases = Readonly<Record<string, { ja: string; ko: string }>>;

/** Why a path is protected (src/main/guards/protected-paths.ts). */
const PROTECTED: Phrases = {
  'AWS credentials': { ja: 'AWS の認証情報', ko: 'AWS 인증 정보' },
  'Azure credentials': { ja: 'Azure の認証情報', ko: 'Azure 인증 정보' },
  'Docker registry credentials': { ja: 'Docker レジストリの認証情報', ko: 'Docker 레지스트리 인증 정보' },
  'GitHub CLI credentials': { ja: 'GitHub CLI の認証情報', ko: 'GitHub CLI 인증 정보' },
  'GnuPG keys': { ja: 'GnuPG の鍵', ko: 'GnuPG 키' },
  'Google Cloud credentials': { ja: 'Google Cloud の認証情報', ko: 'Google Cloud 인증 정보' },
  'Kubernetes credentials': { ja: 'Kubernetes の認証情報', ko: 'Kubernetes 인증 정보' },
  'SSH keys and config': { ja: 'SSH の鍵と設定', ko: 'SSH 키와 설정' },
  'SSH server keys and config': { ja: 'SSH サーバーの鍵と設定', ko: 'SSH 서버 키와 설정' },
  'a .netrc login file': { ja: '.netrc のログイン情報ファイル', ko: '.netrc 로그인 파일' },
  'a PostgreSQL password file': { ja: 'PostgreSQL のパスワードファイル', ko: 'PostgreSQL 암호 파일' },
  'a PyPI config with tokens': { ja: 'トークンを含む PyPI の設定', ko: '토큰이 든 PyPI 설정' },
  'a password store': { ja: 'パスワードの保管庫', ko: '암호 저장소' },
  'a shell history': { ja: 'シェルの履歴', ko: '셸 기록' },
  'a shell startup file': { ja: 'シェルの起動ファイル', ko: '셸 시작 파일' },
  'a web browser profile': { ja: 'ウェブブラウザーのプロファイル', ko: '웹 브라우저 프로필' },
  'an SSH key': { ja: 'SSH の鍵', ko: 'SSH 키' },
  'an environment file with secrets': { ja: '秘密情報を含む環境変数ファイル', ko: '비밀 정보가 든 환경 변수 파일' },
  'an npm config with tokens': { ja: 'トークンを含む npm の設定', ko: '토큰이 든 npm 설정' },
  'process memory and environment': { ja: 'プロセスのメモリーと環境変数', ko: '프로세스 메모리와 환경 변수' },
  'stored git credentials': { ja: '保存された git の認証情報', ko: '저장된 git 인증 정보' },
};

/** Kinds of address that are not public (src/main/net/address.ts). */
const RANGES: Phrases = {
  unspecified: { ja: '未指定のアドレス', ko: '지정되지 않은 주소' },
  loopback: { ja: 'ループバックアドレス', ko: '루프백 주소' },
  private: { ja: 'プライベートアドレス', ko: '사설 주소' },
  'link-local': { ja: 'リンクローカルアドレス', ko: '링크 로컬 주소' },
  'shared (CGNAT)': { ja: '共有アドレス（CGNAT）', ko: '공유 주소(CGNAT)' },
  benchmarking: { ja: 'ベンチマーク用アドレス', ko: '벤치마크용 주소' },
  documentation: { ja: '文書用アドレス', ko: '문서용 주소' },
  multicast: { ja: 'マルチキャストアドレス', ko: '멀티캐스트 주소' },
  reserved: { ja: '予約済みアドレス', ko: '예약된 주소' },
  broadcast: { ja: 'ブロードキャストアドレス', ko: '브로드캐스트 주소' },
  'IETF protocol assignment': { ja: 'IETF プロトコル用アドレス', ko: 'IETF 프로토콜용 주소' },
  'unique-local': { ja: 'ユニークローカルアドレス', ko: '고유 로컬 주소' },
  'site-local': { ja: 'サイトローカルアドレス', ko: '사이트 로컬 주소' },
  'IPv4-compatible': { ja: 'IPv4 互換アドレス', ko: 'IPv4 호환 주소' },
  'NAT64 local-use': { ja: 'NAT64 ローカル用アドレス', ko: 'NAT64 로컬용 주소' },
  'not global unicast': { ja: 'グローバルユニキャストでないアドレス', ko: '글로벌 유니캐스트가 아닌 주소' },
  invalid: { ja: '無効なアドレス', ko: '잘못된 주소' },
};

/** Secret rules, by id (src/main/guards/secret-rules.ts, secret-assignment.ts). */
const RULES: Phrases = {
  'anthropic-key': { ja: 'Anthropic の API キー', ko: 'Anthropic API 키' },
  'aws-access-key-id': { ja: 'AWS のアクセスキー ID', ko: 'AWS 액세스 키 ID' },
  'aws-secret-access-key': { ja: 'AWS のシークレットアクセスキー', ko: 'AWS 비밀 액세스 키' },
  'connection-string': { ja: '接続文字列のパスワード', ko: '연결 문자열의 암호' },
  'env-secret': { ja: '環境変数の秘密の値', ko: '환경 변수의 비밀 값' },
  'github-token': { ja: 'GitHub のトークン', ko: 'GitHub 토큰' },
  'gitlab-token': { ja: 'GitLab のトークン', ko: 'GitLab 토큰' },
  'google-api-key': { ja: 'Google の API キー', ko: 'Google API 키' },
  'huggingface-token': { ja: 'Hugging Face のトークン', ko: 'Hugging Face 토큰' },
  jwt: { ja: 'JWT', ko: 'JWT' },
  'npm-token': { ja: 'npm のトークン', ko: 'npm 토큰' },
  'openai-key': { ja: 'OpenAI の API キー', ko: 'OpenAI API 키' },
  'private-key': { ja: '秘密鍵', ko: '개인 키' },
  'slack-token': { ja: 'Slack のトークン', ko: 'Slack 토큰' },
  'slack-webhook': { ja: 'Slack の Webhook URL', ko: 'Slack 웹훅 URL' },
  'stripe-key': { ja: 'Stripe のキー', ko: 'Stripe 키' },
  'url-password': { ja: 'URL 内のパスワード', ko: 'URL 속 암호' },
  'secret-assignment': { ja: 'パスワードなどの代入', ko: '암호 같은 값의 대입' },
  'http-credential': { ja: 'HTTP の認証情報', ko: 'HTTP 인증 정보' },
};

const RANGE_NAMES = Object.keys(RANGES)
  .map((r) => r.replace(/[()]/g, '\\$&'))
  .join('|');
/** ` (HOST is RANGE)` and ` (HOST resolves to ADDRESS, which is RANGE)`, as the network guard writes them. */
const ADDRESS_DETAIL = new RegExp(`^ \\((\\S+) (?:resolves to (\\S+), which )?is (${RANGE_NAMES})\\)$`);

/** `value` in `language` when it is one of main's English phrases; else `value` unchanged. */
export function localPhrase(value: string, language: Language): string {
  if (language === 'en') return value;
  // Whole phrases only where no name can look like them (a file may be called "private").
  const whole = PROTECTED[value];
  if (whole) return whole[language];
  const address = ADDRESS_DETAIL.exec(value);
  if (address) {
    const [, host, resolved, range] = address as unknown as [string, string, string | undefined, string];
    const kind = RANGES[range]?.[language] ?? range;
    const where = resolved ? `${host} → ${resolved}` : host;
    return language === 'ja' ? `（${where} は${kind}）` : ` (${where}: ${kind})`;
  }
  // A tally of secret rules: "2 × secret-assignment".
  return value.replace(/(\d+) × ([a-z0-9-]+)/g, (match, n: string, rule: string) => (RULES[rule] ? `${n} × ${RULES[rule][language]}` : match));
}
