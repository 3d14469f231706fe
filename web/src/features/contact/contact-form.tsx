import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { fieldTexts } from '../../lib/form-fields.ts';
import { CsrfField, useFormPost } from '../../lib/request-context.tsx';
import type { FormPostResult } from '../../lib/request-context.tsx';
import buttons from '../../components/button.module.css';
import { FormField, InputField } from '../../components/form-field.tsx';
import layout from '../../components/form-layout.module.css';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { useFieldErrors } from '../../components/use-field-errors.ts';
import { useSendContactMessageMutation } from './api.ts';
import type { ContactMessage } from './api.ts';
import { describeError, firstFieldErrors } from '../../lib/api/errors.ts';
import type { FieldErrors } from '../../lib/api/errors.ts';
import styles from './contact-form.module.css';

/** How long the success message stays on a wide screen (spec §9). */
export const SUCCESS_MS = 3000;

/**
 * Below this width the success message stays until the visitor edits the form: on a phone the
 * keyboard has just closed and the page may still be scrolling, so 3 seconds can pass unseen.
 */
export const STICKY_SUCCESS_QUERY = '(max-width: 639.98px)';

/** The form's id: the no-JavaScript post returns to `/contact#contact-form`. */
const CONTACT_FORM_ID = 'contact-form';

const SUCCESS_TEXT = 'Your message was sent successfully';
const FAILED_TEXT = 'Sorry, your message could not be sent. Please try again, or telephone us.';
const FIELDS = ['name', 'telephone', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: ContactMessage = { name: '', telephone: '', email: '', message: '' };

/** A success: a new object each time, so a second success restarts the timer. */
interface Success {
  /** Stays until the visitor edits the form (narrow screens) instead of for SUCCESS_MS. */
  sticky: boolean;
}

/** The fields as the no-JavaScript post sent them back (the server re-renders the page with them). */
function postedValues(post: FormPostResult | null): ContactMessage {
  if (!post || post.status === 'sent') return EMPTY;
  const { name = '', telephone = '', email = '', message = '' } = post.values;
  return { name, telephone, email, message };
}

function postedErrors(post: FormPostResult | null): FieldErrors<Field> {
  if (post?.status !== 'invalid') return {};
  return Object.fromEntries(FIELDS.filter((field) => post.errors[field]).map((field) => [field, post.errors[field]]));
}

const stickySuccess = () => typeof window.matchMedia === 'function' && window.matchMedia(STICKY_SUCCESS_QUERY).matches;

/**
 * The contact form. With JavaScript it posts JSON: on success it clears, and the outcome appears
 * beside the Send button (where the visitor is looking) and takes the focus; a 422 puts the first
 * message of each field under that field (and focuses the first one); a 429 or any other failure
 * shows one message above the button. Without JavaScript it is a plain form post to /contact; the
 * server answers with a redirect to /contact/sent, or re-renders this page with the values and
 * errors, which arrive here through `useFormPost('contact')` and show exactly as above.
 */
export function ContactForm() {
  const post = useFormPost('contact');
  const [values, setValues] = useState<ContactMessage>(() => postedValues(post));
  const { errors, setErrors, clearError, showErrors, formRef } = useFieldErrors<Field>(() => postedErrors(post));
  const [formError, setFormError] = useState(() => (post?.status === 'failed' ? (post.message ?? FAILED_TEXT) : ''));
  const [success, setSuccess] = useState<Success | null>(() => (post?.status === 'sent' ? { sticky: true } : null));
  const [send, { isLoading }] = useSendContactMessageMutation();
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!success || success.sticky) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    clearError(field);
    // Writing a new message: the old "sent" no longer describes the form.
    if (success) setSuccess(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = fieldTexts(event.currentTarget, FIELDS);
    setErrors({});
    setFormError('');
    setSuccess(null);
    try {
      await send(message).unwrap();
      // Render the outcome now, then move the focus to it: a phone's keyboard closes and the
      // screen shows the message, and a screen reader reads it.
      flushSync(() => {
        setValues(EMPTY);
        setSuccess({ sticky: stickySuccess() });
      });
      outcomeRef.current?.focus({ preventScroll: true });
      outcomeRef.current?.scrollIntoView({ block: 'nearest' });
    } catch (error) {
      const { status, body } = describeError(error);
      const fieldErrors = status === 422 ? firstFieldErrors(body, FIELDS) : {};
      if (Object.keys(fieldErrors).length) {
        showErrors(fieldErrors);
      } else if (status === 429 && typeof body.message === 'string') {
        setFormError(body.message);
      } else {
        setFormError(typeof body.message === 'string' && status === 422 ? body.message : FAILED_TEXT);
      }
    }
  };

  return (
    <form
      ref={formRef}
      id={CONTACT_FORM_ID}
      className={layout.panel}
      method="post"
      action={`/contact#${CONTACT_FORM_ID}`}
      onSubmit={submit}
      aria-labelledby="contact-form-heading"
    >
      <h2 id="contact-form-heading">Send us a message</h2>
      <p className={styles.note}>All fields are required.</p>
      <CsrfField />
      <div className={layout.row}>
        <InputField
          label="Name"
          error={errors.name}
          required
          name="name"
          type="text"
          autoComplete="name"
          value={values.name}
          onChange={change('name')}
        />
        <InputField
          label="Telephone"
          error={errors.telephone}
          required
          name="telephone"
          type="tel"
          autoComplete="tel"
          value={values.telephone}
          onChange={change('telephone')}
        />
      </div>
      <InputField
        label="Email"
        error={errors.email}
        required
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
      />
      <FormField label="Message" error={errors.message} required>
        {(control) => <textarea {...control} name="message" rows={6} required value={values.message} onChange={change('message')} />}
      </FormField>
      <Notice tone="error">{formError}</Notice>
      <div className={layout.actions}>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Send Message
        </button>
        {isLoading && <Loading inline showLabel label="Sending…" />}
      </div>
      {/* Always in the DOM so it is announced when the text arrives; focusable from script only. */}
      <p ref={outcomeRef} className={styles.outcome} role="status" aria-live="polite" tabIndex={-1}>
        {success && SUCCESS_TEXT}
      </p>
    </form>
  );
}
