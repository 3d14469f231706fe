import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import buttons from '../../../components/button.module.css';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import admin from '../shared/admin.module.css';
import { PageHeader } from '../shared/page-header.tsx';
import { GALLERIES_PAGE_SIZE, useListGalleriesQuery } from './api.ts';
import { GalleryAddModal } from './gallery-add-modal.tsx';
import styles from './galleries.module.css';

/** The galleries grid, 12 a page; the page number (1-based) lives in the URL. */
export function GalleriesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const { data, isLoading, isFetching, error } = useListGalleriesQuery(page);
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PageHeader
        title="Galleries"
        actions={
          <button type="button" className={buttons.primary} onClick={() => setAdding(true)}>
            Add Gallery
          </button>
        }
      />
      {isLoading && <Loading label="Loading galleries…" showLabel />}
      <Notice tone="error">{error ? 'The galleries could not be loaded.' : ''}</Notice>
      {data && (
        <>
          <ul className={admin.grid} aria-busy={isFetching}>
            {data.results.map((gallery) => (
              <li key={gallery.id} className={styles.card}>
                <div className={styles.cardImage}>
                  {gallery.thumb_url || gallery.image_url ? (
                    <img src={gallery.thumb_url ?? gallery.image_url ?? ''} alt="" loading="lazy" />
                  ) : (
                    <span className={styles.noImage}>No images yet</span>
                  )}
                </div>
                <div className={styles.cardBody}>
                  <h2 className={styles.cardTitle}>{gallery.name}</h2>
                  <p className={admin.muted}>
                    {gallery.image_count} {gallery.image_count === 1 ? 'image' : 'images'}
                  </p>
                  <Link to={`/admin/galleries/${gallery.id}`} className={styles.cardLink}>
                    Edit<span className="visually-hidden"> {gallery.name}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            total={data.total}
            limit={GALLERIES_PAGE_SIZE}
            label="Gallery pages"
            onPageChange={(next) => setParams(next > 0 ? { page: String(next + 1) } : {})}
          />
        </>
      )}
      {adding && <GalleryAddModal onClose={() => setAdding(false)} />}
    </>
  );
}
