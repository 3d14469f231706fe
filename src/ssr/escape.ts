/** Text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON for the inside of a <script> element (the handover, JSON-LD). `<`, `>` and `&` become
 * \u escapes, so no stored text can write `</script>` or `<!--` and close or confuse the element;
 * U+2028/2029 are escaped too (old JavaScript parsers). The value parses back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
