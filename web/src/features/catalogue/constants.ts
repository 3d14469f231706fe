/** Plant forms, in the order buyers expect them (spec §2, Catalogue). */
export const FORMS = ['Bare root', '9cm', '1L', '2L', '3L', '7L', '7.5L', '10L'] as const;

/** Height bands in cm, plus Rootstock. */
export const HEIGHTS = ['10-20', '20-40', '40-60', '60-90', '90-120', '120-150', '150-175', '175-200', 'Rootstock'] as const;

/** Rows per page of results. */
export const PAGE_SIZE = 50;
