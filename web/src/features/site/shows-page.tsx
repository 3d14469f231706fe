import { cx } from '../../components/cx.ts';
import { BANNER_GALLERIES } from '../../../../shared/galleries.ts';
import { GallerySlider } from '../../components/gallery-slider.tsx';
import { contentPageHandle } from '../../lib/page-data.ts';
import { Widget } from '../../components/widget.tsx';
import styles from './pages.module.css';

/** Shows' head and the data its server render needs. */
export const handle = contentPageHandle({
  title: 'Shows',
  description: 'The trade shows where you can meet Hothfield Nurseries and see our trees, shrubs and hedging plants.',
  breadcrumbs: [{ name: 'Shows', path: '/shows' }],
  widgets: ['ShowsText'],
  galleryId: BANNER_GALLERIES.shows,
});

/** Shows: the ShowsText block, then the shows banner (gallery 2) when it has pictures. */
export function ShowsPage() {
  return (
    <div className={cx('container', styles.section)}>
      <h1 className="visually-hidden">Trade shows</h1>
      <Widget name="ShowsText" />
      <div className={styles.framed}>
        <GallerySlider galleryId={BANNER_GALLERIES.shows} label="Our stands at the shows" />
      </div>
    </div>
  );
}
