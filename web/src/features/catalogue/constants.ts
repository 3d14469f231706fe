/** Rows per page of results. */
export const PAGE_SIZE = 50;
