import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { describeError } from '../../../lib/api/errors.ts';
import buttons from '../../../components/button.module.css';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { WidgetData } from '../../../../../shared/api/widgets.ts';
import admin from '../shared/admin.module.css';
import { fieldMessages } from '../shared/errors.ts';
import { PageHeader } from '../shared/page-header.tsx';
import { useFlash } from '../shared/use-flash.ts';
import { useGoBack } from '../shared/use-go-back.ts';
import { useDeleteWidgetMutation, useGetWidgetByIdQuery, useUpdateWidgetMutation } from './api.ts';
import type { WidgetType } from '../../../../../shared/api/widgets.ts';
import styles from './widgets.module.css';

// CKEditor is big: it is fetched only when a TEXT widget's editor is actually shown.
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })));

/** The success banner's text (spec §8). */
export const SAVED_TEXT = 'Your Changes Have Been Saved';

/** Fields the server may name in a 422; the image file's errors arrive under `image`. */
const FIELDS = ['name', 'type', 'html', 'alt', 'image'] as const;
type Field = (typeof FIELDS)[number];

/** /admin/widgets/{id}: name, type, and the text (CKEditor) or the image with its alt text. */
export function WidgetEditPage() {
  const id = Number(useParams().id);
  const { data: widget, isLoading, error } = useGetWidgetByIdQuery(id, { skip: !Number.isInteger(id) });
  const goBack = useGoBack('/admin/widgets');

  return (
    <>
      <PageHeader
        title={widget ? `Widget: ${widget.name}` : 'Edit Widget'}
        actions={
          <button type="button" className={buttons.secondary} onClick={goBack}>
            Go Back
          </button>
        }
      />
      {isLoading && <Loading label="Loading widget…" showLabel />}
      <Notice tone="error">
        {error ? (describeError(error).status === 404 ? 'There is no such widget.' : 'The widget could not be loaded.') : ''}
      </Notice>
      {widget && <WidgetForm key={widget.id} widget={widget} />}
    </>
  );
}

function WidgetForm({ widget }: { widget: WidgetData }) {
  const [name, setName] = useState(widget.name);
  const [type, setType] = useState<WidgetType>(widget.type);
  const [html, setHtml] = useState(widget.html ?? '');
  const [alt, setAlt] = useState(widget.alt ?? '');
  const [file, setFile] = useState<File | null>(null);
  // Remounts the file input after a save, which clears it.
  const [fileKey, setFileKey] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const [problem, setProblem] = useState('');
  const [saved, showSaved] = useFlash();
  const [updateWidget, { isLoading: saving }] = useUpdateWidgetMutation();
  const [deleteWidget] = useDeleteWidgetMutation();
  const navigate = useNavigate();
  const ids = useId();
  const preview = useObjectUrl(file);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const form = new FormData();
    form.append('name', name);
    form.append('type', type);
    form.append('html', html);
    form.append('alt', alt);
    if (type === 'IMAGE' && file) form.append('image', file);
    try {
      await updateWidget({ id: widget.id, form }).unwrap();
      setErrors({});
      setFile(null);
      setFileKey((k) => k + 1);
      showSaved(SAVED_TEXT);
    } catch (error) {
      console.error('Widget save failed', error);
      const found = fieldMessages(error, FIELDS);
      setErrors(found);
      if (!Object.keys(found).length) {
        const { status } = describeError(error);
        setProblem(status === 413 ? 'The image is too large (at most 20 MiB).' : 'The widget could not be saved. Please try again.');
      }
    }
  };

  const remove = async () => {
    try {
      await deleteWidget(widget.id).unwrap();
      navigate('/admin/widgets');
    } catch (error) {
      console.error('Widget delete failed', error);
      setProblem('The widget could not be deleted. Please try again.');
    }
  };

  const joined = (field: Field) => errors[field]?.join(' ') || undefined;

  return (
    <form className={admin.panel} onSubmit={submit} noValidate>
      <Notice tone="success">{saved}</Notice>
      <Notice tone="error">{problem}</Notice>
      <div className={admin.twoCols}>
        <FormField label="Name" error={joined('name')} required>
          {(control) => <input {...control} name="name" required value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField label="Type" error={joined('type')} required>
          {(control) => (
            <select {...control} name="type" value={type} onChange={(e) => setType(e.target.value as WidgetType)}>
              <option value="TEXT">TEXT</option>
              <option value="IMAGE">IMAGE</option>
            </select>
          )}
        </FormField>
      </div>

      {type === 'TEXT' ? (
        <div className={styles.editor}>
          <span className={styles.fieldLabel} id={`${ids}-content`}>
            Content
          </span>
          <Suspense fallback={<Loading label="Loading the editor…" showLabel />}>
            <RichTextEditor initialHtml={html} onChange={setHtml} label="Content" describedBy={`${ids}-html-error`} />
          </Suspense>
          <FieldErrors id={`${ids}-html-error`} messages={errors.html} />
        </div>
      ) : (
        <>
          {(widget.image_url || preview) && (
            <div className={styles.previews}>
              {widget.image_url && (
                <figure>
                  <img className={styles.preview} src={widget.image_url} alt={widget.alt ?? ''} />
                  <figcaption>Current image</figcaption>
                </figure>
              )}
              {preview && (
                <figure>
                  <img className={styles.preview} src={preview} alt="" />
                  <figcaption>New image, saved when you press Save</figcaption>
                </figure>
              )}
            </div>
          )}
          <FormField label="Image" error={joined('image')} hint="JPEG, PNG, WebP, AVIF or GIF, at most 20 MiB.">
            {(control) => (
              <input
                key={fileKey}
                {...control}
                name="image"
                type="file"
                accept="image/*"
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            )}
          </FormField>
          <FormField label="Alt text" error={joined('alt')} hint="Describes the image for people who cannot see it.">
            {(control) => <input {...control} name="alt" value={alt} onChange={(e) => setAlt(e.target.value)} />}
          </FormField>
        </>
      )}

      <div className={admin.formActions}>
        <button type="submit" className={buttons.primary} disabled={saving}>
          Save
        </button>
        {saving && <Loading inline showLabel label="Saving…" />}
        <ConfirmButton
          onConfirm={remove}
          question={`Delete the widget ${widget.name}?`}
          detail="The pages that show it will show nothing in its place."
        >
          Delete Widget
        </ConfirmButton>
      </div>
    </form>
  );
}

function FieldErrors({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <ul id={id} className={styles.errors}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** An object URL for a chosen file (for its preview), revoked when the file changes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}
