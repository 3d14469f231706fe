import { cx } from '../../components/cx.ts';
import { usePageMeta } from '../../components/page-meta.ts';
import { Widget } from '../../components/widget.tsx';
import styles from './pages.module.css';

interface PolicyPageProps {
  title: string;
  description: string;
  widget: string;
}

/** A policy page: one text block. The heading is for the outline; the block carries its own. */
function PolicyPage({ title, description, widget }: PolicyPageProps) {
  usePageMeta(title, description);
  return (
    <div className={cx('container', styles.section, styles.narrow)}>
      <h1 className="visually-hidden">{title}</h1>
      <Widget name={widget} />
    </div>
  );
}

/** /legal/privacy */
export function PrivacyPage() {
  return (
    <PolicyPage
      title="Privacy Policy"
      widget="PrivacyPolicy"
      description="How Hothfield Nurseries collects, uses and protects your personal information."
    />
  );
}

/** /environmental */
export function EnvironmentalPage() {
  return (
    <PolicyPage
      title="Environmental Policy"
      widget="EnvironmentalPolicy"
      description="How Hothfield Nurseries looks after the environment while growing plants in Kent."
    />
  );
}

/** /biosecurity */
export function BiosecurityPage() {
  return (
    <PolicyPage
      title="Plant Biosecurity Policy"
      widget="BioSecurityPolicy"
      description="The plant-health and biosecurity measures Hothfield Nurseries follows to keep pests and diseases out."
    />
  );
}

/** /cookies */
export function CookiesPage() {
  return (
    <PolicyPage
      title="Cookie Policy"
      widget="CookiePolicy"
      description="The cookies the Hothfield Nurseries website uses and why."
    />
  );
}
