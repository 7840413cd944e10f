export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) only: "javascript:", "data:" and the like are never links. Stops at white space and at
// characters that end a URL in running text; trailing punctuation is handed back to the sentence.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/giu;
const TRAILING = /[.,;:!?)\]}'"»。，、！？）]+$/u;

/** A URL as typed, if it parses as http(s); the browser's own parser decides, not a pattern. */
function safeHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A member's message cut into plain text and links. The screen renders the parts as text nodes and
 * <a> elements, never as HTML, so "<b>" or "<script>" in a message is shown as typed.
 */
export function splitLinks(message: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    const url = match[0].replace(TRAILING, '');
    const href = safeHref(url);
    if (!href) continue;
    if (start > at) parts.push({ kind: 'text', text: message.slice(at, start) });
    parts.push({ kind: 'link', text: url, href });
    at = start + url.length;
  }
  if (at < message.length) parts.push({ kind: 'text', text: message.slice(at) });
  return parts;
}
