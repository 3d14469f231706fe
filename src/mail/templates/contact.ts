import type { BusinessDetails } from '../../config.ts';
import { escapeHtml } from '../../escape-html.ts';
import { htmlLayout, oneLine, textFooter } from '../layout.ts';
import type { MailMessage } from '../transport.ts';

interface Enquiry {
  id: number;
  name: string;
  telephone: string;
  email: string;
  message: string;
  created_at: Date;
}

/** The enquiry as mailed to the nursery's sales inbox. Every visitor-typed value is escaped. */
export function contactMail(enquiry: Enquiry, business: BusinessDetails, to: string): MailMessage {
  const received = new Date(enquiry.created_at).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const rows: [string, string][] = [
    ['Name', enquiry.name],
    ['Telephone', enquiry.telephone],
    ['Email', enquiry.email],
    ['Received', received],
  ];
  const html = htmlLayout(
    business,
    'New website enquiry',
    `<h1 style="font-size:20px;margin:0 0 16px">New website enquiry #${enquiry.id}</h1>
<table role="presentation" style="border-collapse:collapse;margin-bottom:16px">${rows
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0;color:#5b6657">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>
<div style="white-space:pre-wrap;border-left:4px solid #2f5d34;padding:8px 12px;background:#f4f6f1">${escapeHtml(enquiry.message)}</div>
<p style="color:#5b6657;font-size:13px">Reply to this email to answer ${escapeHtml(enquiry.name)} directly.</p>`,
  );
  const text = `New website enquiry #${enquiry.id}\n\n${rows.map(([l, v]) => `${l}: ${v}`).join('\n')}\n\n${enquiry.message}\n${textFooter(business)}`;
  return {
    to,
    replyTo: enquiry.email,
    subject: oneLine(`Website enquiry from ${enquiry.name}`).slice(0, 150),
    text,
    html,
  };
}
