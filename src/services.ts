import type { Deps } from './deps.ts';
import { authService } from './modules/auth/service.ts';
import { catalogueService } from './modules/catalogue/service.ts';
import { contactService } from './modules/contact/service.ts';
import { galleryImageService } from './modules/galleries/images-service.ts';
import { imageRecovery } from './modules/galleries/images-recovery.ts';
import { galleryService } from './modules/galleries/service.ts';
import { widgetService } from './modules/widgets/service.ts';
import { adminStatsService } from './modules/admin/service.ts';
import { enquiryService } from './modules/enquiries/service.ts';
import { mailsService } from './modules/mails/service.ts';
import { usersService } from './modules/users/service.ts';
import { plantListService } from './modules/plant-lists/service.ts';
import { quoteService } from './modules/quotes/service.ts';
import { quotationService } from './modules/quotations/service.ts';
import { orderService } from './modules/orders/service.ts';
import { tradeService } from './modules/trade/service.ts';
import { scheduleService } from './modules/schedules/service.ts';

/**
 * Every feature service, built once per process from the shared dependencies. Routes and job
 * processors both use these, so logic lives in one place.
 */
export function createServices(deps: Deps) {
  const services = {
    auth: authService(deps),
    widgets: widgetService(deps),
    galleries: galleryService(deps),
    catalogue: catalogueService(deps),
    contact: contactService(deps),
    galleryImages: galleryImageService(deps),
    imageRecovery: imageRecovery(deps),
    users: usersService(deps),
    enquiries: enquiryService(deps),
    plantLists: plantListService(deps),
    quotes: quoteService(deps),
    quotations: quotationService(deps),
    orders: orderService(deps),
    trade: tradeService(deps),
    mails: mailsService(deps),
    schedules: scheduleService(deps),
  };
  return { ...services, adminStats: adminStatsService(deps, services) };
}
export type Services = ReturnType<typeof createServices>;
