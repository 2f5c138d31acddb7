/** Pieces of pattern the single-signal readers share: numbers written as digits or words, and all matches of a pattern. */

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
};
export const NUM = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS).join('|')})`;

/** A number written as digits or a word; a capture group that took no part (undefined) reads as NaN, which callers drop. */
export function toNumber(token: string | undefined): number {
  if (token === undefined) return NaN;
  return NUMBER_WORDS[token.toLowerCase()] ?? Number(token);
}

export function allMatches(text: string, pattern: string): RegExpExecArray[] {
  return Array.from(text.matchAll(new RegExp(pattern, 'gi')));
}
