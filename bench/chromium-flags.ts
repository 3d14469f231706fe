/**
 * The flags every bench Chromium starts with, those of e2e/browser.ts (architecture.md, pitfalls):
 * no sandbox, no GPU, and none of the background connections (updates, sync, first-run pages)
 * that a closed network leaves hanging or that would add requests to what is measured.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
