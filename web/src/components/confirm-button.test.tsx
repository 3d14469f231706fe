import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button.tsx';

describe('ConfirmButton', () => {
  it('asks a question naming what it acts on, and Cancel closes without confirming', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton onConfirm={onConfirm} question="Delete the user Pat Grower?">
        Delete User
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete User' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the user Pat Grower?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Confirm closes the dialog and calls onConfirm once', async () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmButton onConfirm={onConfirm} question="Delete the gallery “Shows”?" detail="Its 3 images go with it." confirmLabel="Delete">
        Delete Gallery
      </ConfirmButton>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Gallery' }));
    expect(screen.getByRole('dialog', { name: 'Delete the gallery “Shows”?' })).toHaveTextContent('Its 3 images go with it.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
