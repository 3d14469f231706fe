import { cx } from '../../components/cx.ts';
import { contentPageHandle } from '../../lib/page-data.ts';
import { Widget } from '../../components/widget.tsx';
import styles from './pages.module.css';

/** The policy pages: each is one text block under its path. */
const POLICIES = {
  privacy: {
    path: '/legal/privacy',
    title: 'Privacy Policy',
    widget: 'PrivacyPolicy',
    description: 'How Hothfield Nurseries collects, uses and protects your personal information.',
  },
  environmental: {
    path: '/environmental',
    title: 'Environmental Policy',
    widget: 'EnvironmentalPolicy',
    description: 'How Hothfield Nurseries looks after the environment while growing plants in Kent.',
  },
  biosecurity: {
    path: '/biosecurity',
    title: 'Plant Biosecurity Policy',
    widget: 'BioSecurityPolicy',
    description: 'The plant-health and biosecurity measures Hothfield Nurseries follows to keep pests and diseases out.',
  },
  cookies: {
    path: '/cookies',
    title: 'Cookie Policy',
    widget: 'CookiePolicy',
    description: 'The cookies the Hothfield Nurseries website uses and why.',
  },
} as const;
type Policy = (typeof POLICIES)[keyof typeof POLICIES];

const policyHandle = ({ path, title, widget, description }: Policy) =>
  contentPageHandle({ title, description, breadcrumbs: [{ name: title, path }], widgets: [widget] });

/** A policy page: one text block. The heading is for the outline; the block carries its own. */
function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <div className={cx('container', styles.section, styles.narrow)}>
      <h1 className="visually-hidden">{policy.title}</h1>
      <Widget name={policy.widget} />
    </div>
  );
}

/** /legal/privacy */
export const PrivacyPage = () => <PolicyPage policy={POLICIES.privacy} />;
export const privacyHandle = policyHandle(POLICIES.privacy);

/** /environmental */
export const EnvironmentalPage = () => <PolicyPage policy={POLICIES.environmental} />;
export const environmentalHandle = policyHandle(POLICIES.environmental);

/** /biosecurity */
export const BiosecurityPage = () => <PolicyPage policy={POLICIES.biosecurity} />;
export const biosecurityHandle = policyHandle(POLICIES.biosecurity);

/** /cookies */
export const CookiesPage = () => <PolicyPage policy={POLICIES.cookies} />;
export const cookiesHandle = policyHandle(POLICIES.cookies);
