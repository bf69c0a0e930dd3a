/** The console's lists come in pages of 50, with their counts, so 100,000 enquiries stay fast. */
export const PAGE_SIZE = 50;

/** The page a query names (from 1; the query schemas allow only digits) and its offset. */
export function pageOf(query: { page?: string | undefined }): { page: number; offset: number } {
  const page = Math.max(1, Number(query.page ?? '1'));
  return { page, offset: (page - 1) * PAGE_SIZE };
}
