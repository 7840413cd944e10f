/**
 * The avatar's letters: the first letter of the first and last words of a name, at most 2 (the spec),
 * upper-cased where the script has case. Letters are whole characters, so an emoji or a Hangul
 * syllable is never cut in half; a name without letters gives "?".
 */
export function initials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .map((word) => [...word].find((c) => /[\p{L}\p{N}]/u.test(c)))
    .filter((c): c is string => Boolean(c));
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.join('').toLocaleUpperCase();
}
