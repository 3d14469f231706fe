import { Outlet } from 'react-router-dom';
import {
  ACCOUNT_PATH,
  ACCOUNT_SCREEN_PATHS,
  ADMIN_PATH,
  AUTH_SCREEN_PATHS,
  PAGE_PATHS,
  PLANT_LIST_PATH,
  PLANT_LIST_QUOTE_PATH,
  QUOTATION_PATH,
  PLANT_LIST_SCHEDULE_PATH,
  ORDER_PATH,
} from '../../../shared/app-routes.ts';
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading.tsx';
import { MainLayout } from '../layouts/main/main-layout.tsx';
import { RouteEffects } from './route-effects.tsx';
import { RouteError } from './route-error.tsx';
import { RouteMeta } from './route-meta.tsx';
import { AuthRedirects, RequireRole } from '../components/route-guards.tsx';

/** The root route's element: app-wide route effects around whichever layout matches. */
function Root() {
  return (
    <>
      <RouteEffects />
      <RouteMeta />
      <AuthRedirects />
      <Outlet />
    </>
  );
}

/**
 * Sign-up and sign-in screens (features/auth): public, each its own lazy chunk. Those with a
 * `handle` are server-rendered pages whose forms also post without JavaScript; the others (reached
 * through a sign-in or an emailed link) stay client-rendered.
 */
const authRoutes: RouteObject[] = [
  {
    id: 'register',
    path: AUTH_SCREEN_PATHS.register,
    lazy: () => import('../features/auth/register-page.tsx').then((m) => ({ Component: m.RegisterPage, handle: m.handle })),
  },
  {
    id: 'login',
    path: AUTH_SCREEN_PATHS.login,
    lazy: () => import('../features/auth/login-page.tsx').then((m) => ({ Component: m.LoginPage, handle: m.handle })),
  },
  {
    path: AUTH_SCREEN_PATHS.twoFactorChallenge,
    lazy: () => import('../features/auth/two-factor-challenge-page.tsx').then((m) => ({ Component: m.TwoFactorChallengePage })),
  },
  {
    id: 'forgot-password',
    path: AUTH_SCREEN_PATHS.forgotPassword,
    lazy: () => import('../features/auth/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage, handle: m.handle })),
  },
  {
    path: AUTH_SCREEN_PATHS.resetPassword,
    lazy: () => import('../features/auth/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    id: 'verify-email',
    path: AUTH_SCREEN_PATHS.verifyEmail,
    lazy: () => import('../features/auth/verify-email-page.tsx').then((m) => ({ Component: m.VerifyEmailPage, handle: m.handle })),
  },
];

/** Behind the user/admin guard: ConfirmPassword and the account area with its own layout. */
const accountRoutes: RouteObject[] = [
  {
    path: AUTH_SCREEN_PATHS.confirmPassword,
    lazy: () => import('../features/auth/confirm-password-page.tsx').then((m) => ({ Component: m.ConfirmPasswordPage })),
  },
  {
    path: ACCOUNT_PATH,
    lazy: () => import('../layouts/account/account-layout.tsx').then((m) => ({ Component: m.AccountLayout })),
    children: [
      { index: true, lazy: () => import('../features/account/account-home-page.tsx').then((m) => ({ Component: m.AccountHomePage })) },
      {
        path: ACCOUNT_SCREEN_PATHS.profile,
        lazy: () => import('../features/account/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.password,
        lazy: () => import('../features/account/password-page.tsx').then((m) => ({ Component: m.PasswordPage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.twoFactor,
        lazy: () => import('../features/account/two-factor-page.tsx').then((m) => ({ Component: m.TwoFactorPage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.quoteRequests,
        lazy: () => import('../features/account/quote-requests-page.tsx').then((m) => ({ Component: m.QuoteRequestsPage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.quoteRequest,
        lazy: () => import('../features/account/quote-request-page.tsx').then((m) => ({ Component: m.QuoteRequestPage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.orders,
        lazy: () => import('../features/account/orders-page.tsx').then((m) => ({ Component: m.OrdersPage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.order,
        lazy: () => import('../features/account/order-page.tsx').then((m) => ({ Component: m.OrderPage })),
      },
      {
        path: ACCOUNT_SCREEN_PATHS.trade,
        lazy: () => import('../features/account/trade-page.tsx').then((m) => ({ Component: m.TradePage })),
      },
    ],
  },
];

/**
 * The admin area (features/admin, layouts/admin): one lazy chunk with its own layout and a
 * descendant route table (layouts/admin/admin-area.tsx), each screen a further chunk, so the
 * public entry carries a single import for the whole area; CKEditor and FilePond load only with
 * the widget and gallery editors.
 */
const adminRoutes: RouteObject[] = [
  // One route for /admin and everything below it, so moving between admin screens never remounts
  // the admin layout ("admin/*" also matches /admin itself).
  { path: ADMIN_PATH, lazy: () => import('../layouts/admin/admin-area.tsx').then((m) => ({ Component: m.AdminArea })) },
];

/**
 * The source file of each public page route (keyed by route id): the server looks its chunk and
 * CSS up in Vite's manifest, so the first HTML links the page's stylesheet and preloads its code.
 */
export const pageSources: Record<string, string> = {
  home: 'src/features/site/home-page.tsx',
  about: 'src/features/site/about-page.tsx',
  shows: 'src/features/site/shows-page.tsx',
  find: 'src/features/site/find-page.tsx',
  terms: 'src/features/site/terms-page.tsx',
  privacy: 'src/features/site/policy-pages.tsx',
  environmental: 'src/features/site/policy-pages.tsx',
  biosecurity: 'src/features/site/policy-pages.tsx',
  cookies: 'src/features/site/policy-pages.tsx',
  catalogue: 'src/features/catalogue/catalogue-page.tsx',
  genus: 'src/features/catalogue/genus-page.tsx',
  contact: 'src/features/contact/contact-page.tsx',
  'contact-sent': 'src/features/contact/contact-sent-page.tsx',
  'not-found': 'src/features/site/not-found-page.tsx',
  register: 'src/features/auth/register-page.tsx',
  login: 'src/features/auth/login-page.tsx',
  'forgot-password': 'src/features/auth/forgot-password-page.tsx',
  'verify-email': 'src/features/auth/verify-email-page.tsx',
  'plant-list': 'src/features/plant-list/plant-list-page.tsx',
};

/**
 * The server-rendered public pages (each module exports its component and its `handle`:
 * lib/page-handle.ts). Every page is a lazy route with its own chunk; the server resolves the
 * matched ones before rendering and the browser before hydrating.
 */
const publicRoutes: RouteObject[] = [
  {
    id: 'home',
    index: true,
    lazy: () => import('../features/site/home-page.tsx').then((m) => ({ Component: m.HomePage, handle: m.handle })),
  },
  {
    id: 'about',
    path: PAGE_PATHS.about,
    lazy: () => import('../features/site/about-page.tsx').then((m) => ({ Component: m.AboutPage, handle: m.handle })),
  },
  {
    id: 'shows',
    path: PAGE_PATHS.shows,
    lazy: () => import('../features/site/shows-page.tsx').then((m) => ({ Component: m.ShowsPage, handle: m.handle })),
  },
  {
    id: 'find',
    path: PAGE_PATHS.find,
    lazy: () => import('../features/site/find-page.tsx').then((m) => ({ Component: m.FindPage, handle: m.handle })),
  },
  {
    id: 'terms',
    path: PAGE_PATHS.terms,
    lazy: () => import('../features/site/terms-page.tsx').then((m) => ({ Component: m.TermsPage, handle: m.handle })),
  },
  {
    id: 'privacy',
    path: PAGE_PATHS.privacy,
    lazy: () => import('../features/site/policy-pages.tsx').then((m) => ({ Component: m.PrivacyPage, handle: m.privacyHandle })),
  },
  {
    id: 'environmental',
    path: PAGE_PATHS.environmental,
    lazy: () =>
      import('../features/site/policy-pages.tsx').then((m) => ({ Component: m.EnvironmentalPage, handle: m.environmentalHandle })),
  },
  {
    id: 'biosecurity',
    path: PAGE_PATHS.biosecurity,
    lazy: () => import('../features/site/policy-pages.tsx').then((m) => ({ Component: m.BiosecurityPage, handle: m.biosecurityHandle })),
  },
  {
    id: 'cookies',
    path: PAGE_PATHS.cookies,
    lazy: () => import('../features/site/policy-pages.tsx').then((m) => ({ Component: m.CookiesPage, handle: m.cookiesHandle })),
  },
  {
    id: 'catalogue',
    path: PAGE_PATHS.catalogue,
    lazy: () => import('../features/catalogue/catalogue-page.tsx').then((m) => ({ Component: m.CataloguePage, handle: m.handle })),
  },
  {
    id: 'genus',
    path: PAGE_PATHS.genus,
    lazy: () => import('../features/catalogue/genus-page.tsx').then((m) => ({ Component: m.GenusPage, handle: m.handle })),
  },
  {
    id: 'contact',
    path: PAGE_PATHS.contact,
    lazy: () => import('../features/contact/contact-page.tsx').then((m) => ({ Component: m.ContactPage, handle: m.handle })),
  },
  {
    id: 'contact-sent',
    path: PAGE_PATHS['contact-sent'],
    lazy: () => import('../features/contact/contact-sent-page.tsx').then((m) => ({ Component: m.ContactSentPage, handle: m.handle })),
  },
];

/**
 * Every page is a lazy route with its own chunk. Public pages are server-rendered; account and
 * admin areas are client-rendered sibling lazy branches with their own layouts (and their own
 * chunks, so public pages never load admin code).
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    hydrateFallbackElement: <Loading label="Loading page…" fullPage />,
    children: [
      {
        element: <MainLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...publicRoutes,
              ...authRoutes,
              // Rendered for each visitor (never cached): a guest's list lives in the browser, so
              // the page shows it after hydration; without JavaScript it shows the buyer's own list.
              {
                id: 'plant-list',
                path: PLANT_LIST_PATH,
                lazy: () =>
                  import('../features/plant-list/plant-list-page.tsx').then((m) => ({ Component: m.PlantListPage, handle: m.handle })),
              },
              {
                path: PLANT_LIST_QUOTE_PATH,
                lazy: () => import('../features/plant-list/quote-page.tsx').then((m) => ({ Component: m.QuotePage })),
              },
              {
                // A sent quotation: its owner's, or a guest's through the mail's signed link.
                path: QUOTATION_PATH,
                lazy: () => import('../features/quotations/quotation-page.tsx').then((m) => ({ Component: m.QuotationPage })),
              },
              {
                path: PLANT_LIST_SCHEDULE_PATH,
                lazy: () => import('../features/plant-list/schedule-page.tsx').then((m) => ({ Component: m.SchedulePage })),
              },
              {
                // An order made through a quotation's link: a guest's, with the same token.
                path: ORDER_PATH,
                lazy: () => import('../features/orders/order-link-page.tsx').then((m) => ({ Component: m.OrderLinkPage })),
              },
              {
                // The account area and password confirmation: signed-in users and admins only.
                element: <RequireRole roles={['user', 'admin']} />,
                children: accountRoutes,
              },
              {
                id: 'not-found',
                path: '*',
                lazy: () => import('../features/site/not-found-page.tsx').then((m) => ({ Component: m.NotFoundPage, handle: m.handle })),
              },
            ],
          },
        ],
      },
      {
        // The whole admin area is for admins only (spec §6): its screens nest inside this guard.
        element: <RequireRole roles={['admin']} />,
        errorElement: <RouteError />,
        children: adminRoutes,
      },
    ],
  },
];
