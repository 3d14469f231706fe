import type { BusinessDetails } from '../config.ts';
import { escapeHtml } from '../escape-html.ts';

/** Keeps a header-bound value (a subject) on one line. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * Wraps already-escaped body HTML in the nursery's simple, inline-styled mail layout. `bodyHtml`
 * must be built with escapeHtml for every dynamic value.
 */
export function htmlLayout(business: BusinessDetails, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f1;font-family:Arial,Helvetica,sans-serif;color:#1f2a1c">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:6px">
<tr><td style="padding:20px 24px;background:#2f5d34;color:#ffffff;font-size:18px;font-weight:bold;border-radius:6px 6px 0 0">${escapeHtml(business.shortName)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6657;border-top:1px solid #e3e8df">${escapeHtml(business.name)} · ${escapeHtml(business.address)} · ${escapeHtml(business.telephone)}</td></tr>
</table></body></html>`;
}

/** Plain-text footer matching the HTML layout. */
export function textFooter(business: BusinessDetails): string {
  return `\n--\n${business.name}\n${business.address}\n${business.telephone}\n`;
}
