// The web tests run in Node under jsdom, and one helper (features/admin/test/fake-server.ts) needs
// Node's own File class; the web app's types leave Node out on purpose.
declare module 'node:buffer' {
  export const File: typeof globalThis.File;
}
