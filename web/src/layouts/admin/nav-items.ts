/** One entry of the admin side menu. Items without `to` have no screen yet and show as disabled. */
export interface AdminNavItem {
  label: string;
  to?: string;
  /** Matches only the exact path (the dashboard), not its children. */
  end?: boolean;
  /** A link out of the admin area (a full page, not an admin screen). */
  external?: boolean;
}

/**
 * The spec's side menu (Dashboard, Users, Blog, Widgets, Galleries, Testimonials, Return To Web
 * Site) plus the catalogue, enquiry, trade and refused-mail screens; Blog and Testimonials have no
 * route yet.
 */
export const adminNav: readonly AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', end: true },
  { label: 'Users', to: '/admin/users' },
  { label: 'Blog' },
  { label: 'Widgets', to: '/admin/widgets' },
  { label: 'Galleries', to: '/admin/galleries' },
  { label: 'Testimonials' },
  { label: 'Catalogue', to: '/admin/catalogue' },
  { label: 'Enquiries', to: '/admin/enquiries' },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Trade applications', to: '/admin/trade-applications' },
  { label: 'Refused mails', to: '/admin/mails' },
  { label: 'Return To Web Site', to: '/', external: true },
];
