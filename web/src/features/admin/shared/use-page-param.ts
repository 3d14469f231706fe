import { useSearchParams } from 'react-router-dom';

/**
 * A paged admin list's page, kept in the URL as `?page=` (1-based, left out for the first page) so
 * it survives reload and Back. Returns the 0-based page the API and Pagination take, and a setter
 * that keeps the URL's other parameters (a filter).
 */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const setPage = (next: number) => {
    const nextParams = new URLSearchParams(params);
    if (next > 0) nextParams.set('page', String(next + 1));
    else nextParams.delete('page');
    setParams(nextParams);
  };
  return [page, setPage];
}
