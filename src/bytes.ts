/** 1 MiB in bytes, for readable size limits (uploads, imports, archives). */
export const MiB = 1024 * 1024;
