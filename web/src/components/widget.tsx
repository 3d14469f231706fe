import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../lib/hooks.ts';
import { selectCurrentUser } from '../lib/session/session.ts';
import { cx } from './cx.ts';
import { leadPictureAttributes } from './lead-picture.ts';
import { Loading } from './loading.tsx';
import { useGetWidgetByNameQuery } from '../lib/api/widget-api.ts';
import type { WidgetData } from '../../../shared/api/widgets.ts';
import styles from './widget.module.css';

/** Props of {@link Widget}. */
export interface WidgetProps {
  /** The widget's name, e.g. "HomeText" (the server matches it case-insensitively). */
  name: string;
  className?: string;
  /**
   * What admins see beside the widget. Default: a small "Edit" link to /admin/widgets/{id}.
   * Pass a function to render something else, or `false` for nothing. Never shown to others.
   */
  editLink?: false | ((widget: WidgetData) => ReactNode);
  /**
   * IMAGE: how wide the picture is shown at each viewport width (the `sizes` attribute), so the
   * browser fetches the smallest rendition that fills it. Default: the full viewport width.
   */
  sizes?: string;
  /** IMAGE: `lazy` (default) for pictures below the fold; `eager` for one that is the page's main picture. */
  loading?: 'lazy' | 'eager';
}

const defaultEditLink = (widget: WidgetData) => (
  <Link className={styles.edit} to={`/admin/widgets/${widget.id}`}>
    Edit<span className="visually-hidden"> {widget.name}</span>
  </Link>
);

/**
 * A named content block. TEXT renders the server-sanitised HTML; IMAGE renders a responsive
 * <picture> (AVIF and WebP sources, JPEG srcset, the uploaded original as fallback) with its alt
 * text and intrinsic size, so the page does not shift when it loads. A failed load is logged and
 * renders nothing, so a missing block never breaks a page.
 */
export function Widget({ name, className, editLink = defaultEditLink, sizes = '100vw', loading = 'lazy' }: WidgetProps) {
  const { data: widget, error, isLoading } = useGetWidgetByNameQuery(name);
  const user = useAppSelector(selectCurrentUser);

  useEffect(() => {
    if (error) console.error(`Widget "${name}" could not be loaded`, error);
  }, [error, name]);

  if (isLoading) {
    return (
      <div className={cx(styles.placeholder, className)}>
        <Loading label="Loading content…" />
      </div>
    );
  }
  if (error || !widget) return null;

  const body = widgetBody(widget, { sizes, loading });
  if (!body && user?.role !== 'admin') return null;
  return (
    <div className={cx(styles.widget, className)} data-widget={widget.name}>
      {user?.role === 'admin' && editLink && editLink(widget)}
      {body}
    </div>
  );
}

function widgetBody(widget: WidgetData, image: Required<Pick<WidgetProps, 'sizes' | 'loading'>>): ReactNode {
  if (widget.type === 'TEXT') {
    // Safe: the server sanitises widget HTML to an allow-list when it is saved.
    return widget.html ? <div className={styles.prose} dangerouslySetInnerHTML={{ __html: widget.html }} /> : null;
  }
  if (!widget.image_url) return null;
  const { srcset } = widget;
  return (
    <picture>
      {srcset && <source type="image/avif" srcSet={srcset.avif} sizes={image.sizes} />}
      {srcset && <source type="image/webp" srcSet={srcset.webp} sizes={image.sizes} />}
      {/* loading and sizes before the sources: some browsers start a fetch as soon as src is set. */}
      <img
        className={styles.image}
        loading={image.loading}
        decoding="async"
        {...(image.loading === 'eager' ? leadPictureAttributes : {})}
        alt={widget.alt ?? ''}
        width={widget.width ?? undefined}
        height={widget.height ?? undefined}
        sizes={srcset ? image.sizes : undefined}
        srcSet={srcset?.jpeg}
        src={widget.image_url}
      />
    </picture>
  );
}
