function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * Each table in a region that scrolls sideways, takes keyboard focus and has a name (as ScrollRegion
 * does), so a wide table never makes the page wider than a phone.
 */
export function wrapTables(html: string, label: string): string {
  const open = `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeAttribute(label)}">`;
  return html.replace(/<table\b/g, `${open}<table`).replace(/<\/table>/g, '</table></div>');
}
