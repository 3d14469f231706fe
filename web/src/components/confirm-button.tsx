import { useState } from 'react';
import type { ReactNode } from 'react';
import buttons from './button.module.css';
import { Modal } from './modal.tsx';

/** Props of {@link ConfirmButton}. */
export interface ConfirmButtonProps {
  /** The button's label, e.g. "Delete User". */
  children: ReactNode;
  /** Runs only after the user presses the confirm button. */
  onConfirm: () => void;
  className?: string;
  disabled?: boolean;
  /**
   * The dialog's title, naming what the action acts on: "Delete the user Pat Grower?". Required,
   * because a generic "Are you sure?" does not tell an admin which of many rows they are about to lose.
   */
  question: string;
  /** A line under the question, e.g. what else goes with it. */
  detail?: ReactNode;
  /** The confirm button's label; "Confirm" unless the action reads better ("Delete"). */
  confirmLabel?: string;
}

/**
 * A button that asks first: it opens a dialog titled with the question, with Cancel and Confirm,
 * and calls `onConfirm` only on Confirm. Cancel gets the initial focus so Enter never confirms by accident.
 */
export function ConfirmButton({
  children,
  onConfirm,
  className = buttons.danger,
  disabled,
  question,
  detail,
  confirmLabel = 'Confirm',
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
          title={question}
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
                {confirmLabel}
              </button>
            </>
          }
        >
          <p>{detail ?? 'This cannot be undone.'}</p>
        </Modal>
      )}
    </>
  );
}
