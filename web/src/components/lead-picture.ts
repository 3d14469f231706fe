/**
 * The attributes of the picture a page leads with (the slider's first slide, a widget picture
 * shown eagerly): the browser fetches it before anything else, and reports when it is on screen
 * (Element Timing), which is when a server-rendered page starts its app (web/src/app/boot.ts).
 */
export const leadPictureAttributes = { fetchPriority: 'high', elementtiming: 'lead-picture' } as const;
