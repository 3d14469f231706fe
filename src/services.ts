import type { Deps } from './deps.ts';
import { authService } from './modules/auth/service.ts';
import { catalogueService } from './modules/catalogue/service.ts';
import { contactService } from './modules/contact/service.ts';
import { galleryService } from './modules/galleries/service.ts';
import { widgetService } from './modules/widgets/service.ts';

/**
 * Every feature service, built once per process from the shared dependencies. Routes and job
 * processors both use these, so logic lives in one place.
 */
export function createServices(deps: Deps) {
  return {
    auth: authService(deps),
    widgets: widgetService(deps),
    galleries: galleryService(deps),
    catalogue: catalogueService(deps),
    contact: contactService(deps),
  };
}
export type Services = ReturnType<typeof createServices>;
