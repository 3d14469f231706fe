import { cx } from '../../components/cx.ts';
import { BANNER_GALLERIES } from '../../../../shared/galleries.ts';
import { GallerySlider } from '../../components/gallery-slider.tsx';
import { contentPageHandle } from '../../lib/page-data.ts';
import { Widget } from '../../components/widget.tsx';
import styles from './pages.module.css';

/** Home's head and the data its server render needs. */
export const handle = contentPageHandle({
  title: 'Wholesale Plant Nursery in Kent',
  description:
    'Hothfield Nurseries grows trees, shrubs, hedging, bare-root and pot-grown plants for the trade at Hothfield, near Ashford in Kent.',
  widgets: ['HomeText', 'HomeText2'],
  galleryId: BANNER_GALLERIES.home,
});

/** Home: the home banner (gallery 3), then the HomeText and HomeText2 blocks. */
export function HomePage() {
  return (
    <>
      <h1 className="visually-hidden">Hothfield Nurseries, wholesale plant nursery in Kent</h1>
      <GallerySlider galleryId={BANNER_GALLERIES.home} label="Around the nursery" />
      <div className={cx('container', styles.section, styles.columns)}>
        <Widget name="HomeText" />
        <Widget name="HomeText2" className={styles.aside} />
      </div>
    </>
  );
}
