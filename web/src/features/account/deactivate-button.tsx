import { useState } from 'react';
import { Modal } from '../../components/modal.tsx';
import styles from './account.module.css';

/** Props of {@link DeactivateButton}. */
export interface DeactivateButtonProps {
  onConfirm: () => void;
  disabled?: boolean;
}

/**
 * "Deactivate" behind the app's confirmation dialog, with the spec's own question (the shared
 * ConfirmButton asks a generic one). Cancel has the initial focus, so Enter never deactivates.
 */
export function DeactivateButton({ onConfirm, disabled }: DeactivateButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className={styles.danger} disabled={disabled} onClick={() => setOpen(true)}>
        Deactivate
      </button>
      {open && (
        <Modal
          title="Please Confirm?"
          onClose={close}
          footer={
            <>
              <button type="button" className={styles.secondary} onClick={close} data-autofocus>
                Cancel
              </button>
              <button
                type="button"
                className={styles.danger}
                onClick={() => {
                  close();
                  onConfirm();
                }}
              >
                Confirm
              </button>
            </>
          }
        >
          <p>Are you sure you want to deactivate Two Factor Authentication?</p>
        </Modal>
      )}
    </>
  );
}
