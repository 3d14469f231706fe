/**
 * The URL slug of a genus (`/catalogue/genus/:slug`): lower case, runs of anything but a–z and
 * 0–9 become one hyphen ("Acer" → "acer", "× Cuprocyparis" → "cuprocyparis"). The server and the
 * web app both build genus links and look genera up with this one function.
 */
export function genusSlug(genus: string): string {
  return genus
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
