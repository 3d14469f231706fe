/** What nodemailer attaches to an SMTP error: the command it failed on and the server's reply. */
interface SmtpError {
  command?: string;
  responseCode?: number;
  response?: string;
}

/**
 * A permanent refusal: the server answered RCPT TO with a 5xx (no such mailbox, relaying denied),
 * so the same mail to the same address will never be taken. Everything else — connection refused,
 * a timeout, any 4xx, a 5xx to the greeting, MAIL FROM or DATA (our configuration or the server's
 * state, not the recipient) — is worth trying again.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const smtp = error as SmtpError | null;
  return smtp?.command === 'RCPT TO' && typeof smtp.responseCode === 'number' && smtp.responseCode >= 500;
}

/** The server's reply when there was one (what the admin sees), else the error's message; bounded. */
export function failureText(error: unknown): string {
  const smtp = error as (SmtpError & { message?: string }) | null;
  return String(smtp?.response || smtp?.message || error).slice(0, 500);
}
