/**
 * Korean particles chosen from the word before them. The catalogues write a particle that depends
 * on a filled-in word as both forms, `{{name}}을(를)`; once the word is known, the one form that
 * follows it is kept (`ws를`, `파일을`, `서울로`, `7을`), so a sentence never shows "을(를)".
 *
 * The rule (the one es-hangul's `josa` applies to Hangul, extended to what follows it in Atmark's
 * sentences): the last Hangul syllable's final consonant decides; a digit is read as its Korean
 * numeral (1 일, 3 삼, 6 육, 7 칠, 8 팔 end in a consonant; 0 영 too); a Latin letter as its name
 * (L 엘, M 엠, N 엔, R 알 end in a consonant). `(으)로` takes 로 after a vowel and after ㄹ. Closing
 * quotes and brackets are looked past; anything else counts as ending in a vowel.
 */

/** The final consonant of the last sound of `word`: 0 none, 8 ㄹ, another number for others. */
function finalConsonant(word: string): number {
  const chars = [...word.replace(/["'」』》〉）)\]}`”’]+$/u, '')];
  const last = chars.at(-1) ?? '';
  const code = last.codePointAt(0) ?? 0;
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28;
  const digit = '0123456789'.indexOf(last);
  if (digit >= 0) return [21, 8, 0, 16, 0, 0, 1, 8, 8, 0][digit] as number;
  const letter = last.toLowerCase();
  if (letter === 'l' || letter === 'r') return 8;
  if (letter === 'm') return 16;
  if (letter === 'n') return 4;
  return 0;
}

/** Both-form particles, and the form each takes after a final consonant, after ㄹ, and after a vowel. */
const PARTICLES: ReadonlyArray<[RegExp, (jong: number) => string]> = [
  [/을\(를\)|를\(을\)/gu, (j) => (j === 0 ? '를' : '을')],
  [/이\(가\)|가\(이\)/gu, (j) => (j === 0 ? '가' : '이')],
  [/은\(는\)|는\(은\)/gu, (j) => (j === 0 ? '는' : '은')],
  [/과\(와\)|와\(과\)/gu, (j) => (j === 0 ? '와' : '과')],
  [/\(으\)로/gu, (j) => (j === 0 || j === 8 ? '로' : '으로')],
  [/\(이\)나/gu, (j) => (j === 0 ? '나' : '이나')],
];

/** `sentence` with each both-form particle replaced by the form its word takes. */
export function chooseKoreanParticles(sentence: string): string {
  let out = sentence;
  for (const [pattern, form] of PARTICLES) {
    out = out.replace(pattern, (match, offset: number) => (offset === 0 ? match : form(finalConsonant(out.slice(Math.max(0, offset - 64), offset)))));
  }
  return out;
}
