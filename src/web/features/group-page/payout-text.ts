/**
 * Wraps text people typed (a reference, a name) in Unicode first-strong isolates, so a Latin
 * reference inside an Arabic sentence keeps its own direction and does not drag punctuation along.
 */
export const isolate = (text: string) => `\u2068${text}\u2069`;
