import { useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import { flushSync } from 'react-dom';
import buttons from '../../components/button.module.css';
import { FormField } from '../../components/form-field.tsx';
import { Loading } from '../../components/loading.tsx';
import { Notice } from '../../components/notice.tsx';
import { useSendContactMessageMutation } from './api.ts';
import type { ContactMessage } from './api.ts';
import { describeError, firstFieldErrors } from '../../app/api-errors.ts';
import type { FieldErrors } from '../../app/api-errors.ts';
import styles from './contact-form.module.css';

/** How long the success message stays (spec §9). */
export const SUCCESS_MS = 3000;

const SUCCESS_TEXT = 'Your message was sent successfully';
const FIELDS = ['name', 'telephone', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: ContactMessage = { name: '', telephone: '', email: '', message: '' };

/**
 * The contact form. On success it clears and shows the success message for 3 seconds; a 422
 * puts the first message of each field under that field (and focuses the first one); a 429 or
 * any other failure shows one message above the button.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState('');
  // A new object per success, so a second success restarts the 3-second timer.
  const [success, setSuccess] = useState<{ at: number } | null>(null);
  const [send, { isLoading }] = useSendContactMessageMutation();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError('');
    setSuccess(null);
    try {
      await send(values).unwrap();
      setValues(EMPTY);
      setSuccess({ at: Date.now() });
    } catch (error) {
      const { status, body } = describeError(error);
      const fieldErrors = status === 422 ? firstFieldErrors(body, FIELDS) : {};
      if (Object.keys(fieldErrors).length) {
        // Render the errors now, then take the user to the first field that needs attention.
        flushSync(() => setErrors(fieldErrors));
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      } else if (status === 429 && typeof body.message === 'string') {
        setFormError(body.message);
      } else {
        setFormError(
          typeof body.message === 'string' && status === 422
            ? body.message
            : 'Sorry, your message could not be sent. Please try again, or telephone us.',
        );
      }
    }
  };

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit}>
      <h2 id="contact-form-heading">Send us a message</h2>
      <p className={styles.note}>All fields are required.</p>
      <Notice tone="success">{success && SUCCESS_TEXT}</Notice>
      <div className={styles.row}>
        <FormField label="Name" error={errors.name} required>
          {(control) => (
            <input {...control} name="name" type="text" autoComplete="name" required value={values.name} onChange={change('name')} />
          )}
        </FormField>
        <FormField label="Telephone" error={errors.telephone} required>
          {(control) => (
            <input
              {...control}
              name="telephone"
              type="tel"
              autoComplete="tel"
              required
              value={values.telephone}
              onChange={change('telephone')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email} required>
        {(control) => (
          <input {...control} name="email" type="email" autoComplete="email" required value={values.email} onChange={change('email')} />
        )}
      </FormField>
      <FormField label="Message" error={errors.message} required>
        {(control) => <textarea {...control} name="message" rows={6} required value={values.message} onChange={change('message')} />}
      </FormField>
      <Notice tone="error">{formError}</Notice>
      <div className={styles.actions}>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Send Message
        </button>
        {isLoading && <Loading inline showLabel label="Sending…" />}
      </div>
    </form>
  );
}
