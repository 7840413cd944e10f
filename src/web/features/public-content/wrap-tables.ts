function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/**
 * Each table in a region that scrolls sideways, takes keyboard focus and has a name (as ScrollRegion
 * does), so a wide table never makes the page wider than a phone. `label(n)` names the n-th table:
 * two regions with one name would be indistinguishable to a screen reader.
 */
export function wrapTables(html: string, label: (n: number) => string): string {
  let count = 0;
  return html
    .replace(/<table\b/g, () => {
      count += 1;
      return `<div class="table-scroll" role="region" tabindex="0" aria-label="${escapeAttribute(label(count))}"><table`;
    })
    .replace(/<\/table>/g, '</table></div>');
}
