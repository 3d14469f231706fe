import { useState } from 'react';
import type { FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { FormField } from '../../../components/form-field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { fieldMessages } from '../shared/errors.ts';
import { useCreateWidgetMutation } from './api.ts';

/** Props of {@link WidgetAddModal}. */
export interface WidgetAddModalProps {
  onClose: () => void;
}

/** The Add Widget dialog: a name; the widget is created as TEXT, then the list reloads. */
export function WidgetAddModal({ onClose }: WidgetAddModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string[]>([]);
  const [createWidget, { isLoading }] = useCreateWidgetMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await createWidget({ name }).unwrap();
      onClose();
    } catch (failure) {
      console.error('Widget create failed', failure);
      setError(fieldMessages(failure, ['name'] as const).name ?? ['The widget could not be added. Please try again.']);
    }
  };

  return (
    <Modal
      title="Add Widget"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="widget-add-form" className={buttons.primary} disabled={isLoading}>
            Add Widget
          </button>
        </>
      }
    >
      <form id="widget-add-form" onSubmit={submit} noValidate>
        <FormField
          label="Name"
          error={error.join(' ') || undefined}
          hint="How pages ask for it, e.g. HomeText. New widgets are text."
          required
        >
          {(control) => <input {...control} name="name" required value={name} onChange={(e) => setName(e.target.value)} data-autofocus />}
        </FormField>
      </form>
    </Modal>
  );
}
