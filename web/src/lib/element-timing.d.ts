// React passes unknown lowercase attributes through to the DOM; its types do not know this one.
// https://wicg.github.io/element-timing/ — see web/src/components/lead-picture.ts.
import 'react';

declare module 'react' {
  interface ImgHTMLAttributes<T> extends HTMLAttributes<T> {
    elementtiming?: string;
  }
}
