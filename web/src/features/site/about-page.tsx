import { cx } from '../../components/cx.ts';
import { BANNER_GALLERIES } from '../../../../shared/galleries.ts';
import { GallerySlider } from '../../components/gallery-slider.tsx';
import { contentPageHandle } from '../../lib/page-data.ts';
import { Widget } from '../../components/widget.tsx';
import styles from './pages.module.css';

/** About's head and the data its server render needs. */
export const handle = contentPageHandle({
  title: 'About',
  description:
    'About Hothfield Nurseries: a family-run wholesale nursery in Kent growing trees, shrubs and hedging for landscapers, garden centres and local authorities.',
  breadcrumbs: [{ name: 'About', path: '/about' }],
  widgets: ['AboutText', 'AboutText2'],
  galleryId: BANNER_GALLERIES.about,
});

/** About: the about banner (gallery 1) above the AboutText and AboutText2 blocks. */
export function AboutPage() {
  return (
    <>
      <h1 className="visually-hidden">About Hothfield Nurseries</h1>
      <GallerySlider galleryId={BANNER_GALLERIES.about} label="About the nursery in pictures" />
      <div className={cx('container', styles.section, styles.columns)}>
        <Widget name="AboutText" />
        <Widget name="AboutText2" className={styles.aside} />
      </div>
    </>
  );
}
