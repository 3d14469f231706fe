import { useState } from 'react';
import type { ReactNode } from 'react';
import buttons from './button.module.css';
import { Modal } from './modal.tsx';

/** Props of {@link ConfirmButton}. */
export interface ConfirmButtonProps {
  /** The button's label, e.g. "Delete User". */
  children: ReactNode;
  /** Runs only after the user presses Confirm. */
  onConfirm: () => void;
  className?: string;
  disabled?: boolean;
  /** The dialog's question; the spec's generic one unless an action has its own. */
  question?: string;
}

/**
 * A button that asks first: it opens a "Please Confirm?" dialog with Cancel and Confirm, and
 * calls `onConfirm` only on Confirm. Cancel gets the initial focus so Enter never confirms by accident.
 */
export function ConfirmButton({
  children,
  onConfirm,
  className = buttons.danger,
  disabled,
  question = 'Are you sure you want to do this?',
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className={className} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open && (
        <Modal
          title="Please Confirm?"
          onClose={close}
          footer={
            <>
              <button type="button" className={buttons.secondary} onClick={close} data-autofocus>
                Cancel
              </button>
              <button
                type="button"
                className={buttons.danger}
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
          <p>{question}</p>
        </Modal>
      )}
    </>
  );
}
