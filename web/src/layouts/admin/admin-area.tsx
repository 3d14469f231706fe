import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminShell } from './admin-shell.tsx';

// Each admin screen is its own chunk. The table lives here, in the admin area's chunk, rather than
// in app/routes.tsx, so the public entry carries one lazy import for the whole area instead of
// every screen's chunk list.
const DashboardPage = lazy(() => import('../../features/admin/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));
const UsersPage = lazy(() => import('../../features/admin/users/users-page.tsx').then((m) => ({ default: m.UsersPage })));
const UserEditPage = lazy(() => import('../../features/admin/users/user-edit-page.tsx').then((m) => ({ default: m.UserEditPage })));
const WidgetsPage = lazy(() => import('../../features/admin/widgets/widgets-page.tsx').then((m) => ({ default: m.WidgetsPage })));
const WidgetEditPage = lazy(() => import('../../features/admin/widgets/widget-edit-page.tsx').then((m) => ({ default: m.WidgetEditPage })));
const GalleriesPage = lazy(() => import('../../features/admin/galleries/galleries-page.tsx').then((m) => ({ default: m.GalleriesPage })));
const GalleryEditPage = lazy(() =>
  import('../../features/admin/galleries/gallery-edit-page.tsx').then((m) => ({ default: m.GalleryEditPage })),
);
const CatalogueAdminPage = lazy(() =>
  import('../../features/admin/catalogue/catalogue-admin-page.tsx').then((m) => ({ default: m.CatalogueAdminPage })),
);
const EnquiriesPage = lazy(() => import('../../features/admin/enquiries/enquiries-page.tsx').then((m) => ({ default: m.EnquiriesPage })));
const EnquiryPage = lazy(() => import('../../features/admin/enquiries/enquiry-page.tsx').then((m) => ({ default: m.EnquiryPage })));
const TradeApplicationsPage = lazy(() =>
  import('../../features/admin/trade/trade-applications-page.tsx').then((m) => ({ default: m.TradeApplicationsPage })),
);
const RefusedMailsPage = lazy(() =>
  import('../../features/admin/mails/refused-mails-page.tsx').then((m) => ({ default: m.RefusedMailsPage })),
);
const QuoteRequestPage = lazy(() =>
  import('../../features/admin/enquiries/quote-request-page.tsx').then((m) => ({ default: m.QuoteRequestPage })),
);
const QuotationPage = lazy(() => import('../../features/admin/quotations/quotation-page.tsx').then((m) => ({ default: m.QuotationPage })));
const OrdersPage = lazy(() => import('../../features/admin/orders/orders-page.tsx').then((m) => ({ default: m.OrdersPage })));
const OrderPage = lazy(() => import('../../features/admin/orders/order-page.tsx').then((m) => ({ default: m.OrderPage })));
const AdminNotFoundPage = lazy(() =>
  import('../../features/admin/shared/not-found-page.tsx').then((m) => ({ default: m.AdminNotFoundPage })),
);

/**
 * The admin area below /admin (mounted by app/routes.tsx behind RequireRole(['admin'])): the
 * admin layout around the screen for the rest of the path. Paths are relative to /admin.
 */
export function AdminArea() {
  return (
    <Routes>
      <Route element={<AdminShell />}>
        <Route index element={<DashboardPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:id" element={<UserEditPage />} />
        <Route path="widgets" element={<WidgetsPage />} />
        <Route path="widgets/:id" element={<WidgetEditPage />} />
        <Route path="galleries" element={<GalleriesPage />} />
        <Route path="galleries/:id" element={<GalleryEditPage />} />
        <Route path="catalogue" element={<CatalogueAdminPage />} />
        <Route path="enquiries" element={<EnquiriesPage />} />
        <Route path="enquiries/:id" element={<EnquiryPage />} />
        <Route path="trade-applications" element={<TradeApplicationsPage />} />
        <Route path="quote-requests/:id" element={<QuoteRequestPage />} />
        <Route path="quote-requests/:id/quotation/:qid" element={<QuotationPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="mails" element={<RefusedMailsPage />} />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
    </Routes>
  );
}
