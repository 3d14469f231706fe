import { useState } from 'react';
import type { FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCreateUserMutation } from './api.ts';
import { EMPTY_USER, UserFields } from './user-fields.tsx';
import { useUserForm } from './use-user-form.ts';

/** Props of {@link UserAddModal}. */
export interface UserAddModalProps {
  onClose: () => void;
}

/**
 * The Add User dialog. A 201 closes it (the list reloads through the cache tag); a 422 shows the
 * first message under each field.
 */
export function UserAddModal({ onClose }: UserAddModalProps) {
  const form = useUserForm(EMPTY_USER);
  const [createUser, { isLoading }] = useCreateUserMutation();
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    try {
      await createUser(form.values).unwrap();
      onClose();
    } catch (error) {
      if (!form.fail(error)) setFailed(true);
    }
  };

  return (
    <Modal
      title="Add User"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="user-add-form" className={buttons.primary} disabled={isLoading}>
            Add User
          </button>
        </>
      }
    >
      <form id="user-add-form" onSubmit={submit} noValidate>
        <Notice tone="error">{failed ? 'The user could not be added. Please try again.' : ''}</Notice>
        <UserFields values={form.values} errors={form.errors} onChange={form.change} />
      </form>
    </Modal>
  );
}
