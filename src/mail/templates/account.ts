import type { BusinessDetails } from '../../config.ts';
import { escapeHtml } from '../../escape-html.ts';
import { htmlLayout, textFooter } from '../layout.ts';
import type { MailMessage } from '../transport.ts';

interface Recipient {
  firstname: string;
  email: string;
}

const button = (url: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#2f5d34;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#5b6657">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>`;

/** A mail to one person: greeting, escaped paragraphs, an optional button (also used by the trade decision mails). */
export function build(
  business: BusinessDetails,
  to: Recipient,
  subject: string,
  paragraphs: string[],
  action?: { url: string; label: string },
): MailMessage {
  const greeting = `Hello ${to.firstname},`;
  const html = htmlLayout(
    business,
    subject,
    `<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${action ? button(action.url, action.label) : ''}`,
  );
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    textFooter(business),
  ].join('\n');
  return { to: to.email, subject, text, html };
}

/** Account mails. Every value that came from a user (names) is escaped by `build`. */
export const accountMails = {
  verifyEmail: (b: BusinessDetails, to: Recipient, url: string) =>
    build(
      b,
      to,
      'Verify your email address',
      [
        'Please confirm this email address to finish setting up your trade account.',
        'The link works for 60 minutes. If you did not create an account, you can ignore this email.',
      ],
      { url, label: 'Verify Email Address' },
    ),
  resetPassword: (b: BusinessDetails, to: Recipient, url: string) =>
    build(
      b,
      to,
      'Reset your password',
      [
        'We received a request to reset the password for your account.',
        'The link works for 60 minutes and only once. If you did not ask for it, no action is needed.',
      ],
      { url, label: 'Reset Password' },
    ),
  passwordChanged: (b: BusinessDetails, to: Recipient) =>
    build(b, to, 'Your password was changed', [
      'The password for your account was just changed, and every other signed-in device was signed out.',
      `If this was not you, reset your password at once and call us on ${b.telephone}.`,
    ]),
  twoFactorEnabled: (b: BusinessDetails, to: Recipient) =>
    build(b, to, 'Two-factor authentication was turned on', [
      'Two-factor authentication is now on for your account: signing in will ask for a code from your authenticator app.',
      'Keep your recovery codes somewhere safe.',
    ]),
  twoFactorDisabled: (b: BusinessDetails, to: Recipient) =>
    build(b, to, 'Two-factor authentication was turned off', [
      'Two-factor authentication was turned off for your account.',
      `If this was not you, change your password at once and call us on ${b.telephone}.`,
    ]),
  /** Sent once per lockout; says nothing about the codes tried or where from. */
  twoFactorLockout: (b: BusinessDetails, to: Recipient, wrongCodes: number, minutes: number) =>
    build(b, to, 'Someone is trying to sign in to your account', [
      `Someone who knows your password signed in to your account and then entered a wrong two-factor code ${wrongCodes} times.`,
      `We have paused two-factor sign-in to your account for ${minutes} minutes. If this was you, wait and try again.`,
      `If it was not you, change your password at once and call us on ${b.telephone}.`,
    ]),
  /** Sent once per lockout; says nothing about where the guesses came from or what was tried. */
  loginLockout: (b: BusinessDetails, to: Recipient, wrongPasswords: number, minutes: number) =>
    build(b, to, 'Someone is trying to guess your password', [
      `Someone entered a wrong password for your account ${wrongPasswords} times, from devices you have not signed in on before.`,
      `We have paused signing in to your account from new devices for ${minutes} minutes. Devices you have signed in on before can still sign in as usual.`,
      `If this was not you, nothing has been changed, but choose a strong password you use nowhere else. If you are worried, call us on ${b.telephone}.`,
    ]),
};
