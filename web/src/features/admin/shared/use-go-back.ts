import { useNavigate } from 'react-router-dom';

/**
 * "Go Back": one step back in the app's history, or to `fallback` when this page was the first
 * one opened (a bookmark or a new tab), so the button never leaves the site.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback);
  };
}
