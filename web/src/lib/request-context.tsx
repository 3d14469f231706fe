import { createContext, useContext } from 'react';
import type { FormPostResult, PageFormName } from '../../../shared/server-render.ts';
import { readXsrfToken } from './api/api.ts';

export type { FormPostResult } from '../../../shared/server-render.ts';

/** Per-request facts the server hands to the page (and the browser reads back when hydrating). */
interface RequestInfo {
  /**
   * The CSRF token a plain form post must carry in its `_token` field. On the server this is a
   * placeholder in the cached HTML, replaced per response with the visitor's own token.
   */
  csrfToken: string;
  formPost: FormPostResult | null;
}

const RequestInfoContext = createContext<RequestInfo>({ csrfToken: '', formPost: null });

export const RequestInfoProvider = RequestInfoContext.Provider;

/** The outcome of a no-JS post of `form`, if this page is the answer to one. */
export function useFormPost(form: PageFormName): FormPostResult | null {
  const { formPost } = useContext(RequestInfoContext);
  return formPost?.form === form ? formPost : null;
}

/**
 * The hidden `_token` field that lets a form post work without JavaScript (CSRF is still checked:
 * the server compares it with the XSRF-TOKEN cookie). With JavaScript the app posts JSON with the
 * X-XSRF-TOKEN header instead, so the value the browser hydrates over is left as the server wrote it.
 */
export function CsrfField() {
  const { csrfToken } = useContext(RequestInfoContext);
  const value = csrfToken || (typeof document === 'undefined' ? '' : (readXsrfToken() ?? ''));
  return <input type="hidden" name="_token" value={value} readOnly suppressHydrationWarning />;
}
