/**
 * The yard on a map. Google Maps' cross-platform URL (`/maps/dir/?api=1`) opens the app on phones
 * and the website elsewhere, starting from wherever the visitor is; coordinates rather than the
 * address, because a postcode for a rural yard covers a stretch of road.
 */
export function directionsUrl(geo: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${geo.latitude},${geo.longitude}`;
}
