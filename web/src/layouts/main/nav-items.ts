/** A link in one of the site's menus. */
export interface NavItem {
  label: string;
  to: string;
}

/** The public menu, desktop and mobile alike (spec: layout and navigation). */
export const mainNav: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'About', to: '/about' },
  { label: 'Product Listing / Online Catalogue', to: '/catalogue' },
  { label: 'How To Find Us', to: '/find' },
  { label: 'Shows', to: '/shows' },
  { label: 'Contact', to: '/contact' },
];

/** Links shown only in the footer. */
export const footerNav: NavItem[] = [
  { label: 'Terms & Conditions', to: '/terms' },
  { label: 'Privacy Policy', to: '/legal/privacy' },
  { label: 'Cookie Policy', to: '/cookies' },
  { label: 'Environmental Policy', to: '/environmental' },
  { label: 'Plant Biosecurity Policy', to: '/biosecurity' },
];
