import type { Enquiry } from '../../../shared/api/enquiries.ts';
import type { ContactMessage } from '../contact/service.ts';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** An enquiry as the admin sees it: explicit fields (never the sender's IP or mail errors). */
export function presentEnquiry(message: ContactMessage): Enquiry {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    telephone: message.telephone,
    message: message.message,
    created_at: iso(message.created_at)!,
    handled_at: iso(message.handled_at),
    emailed_at: iso(message.emailed_at),
  };
}
