import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button.tsx';

describe('ConfirmButton', () => {
  it('asks first, and Cancel closes without confirming', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton onConfirm={onConfirm}>Delete User</ConfirmButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Delete User' }));
    const dialog = screen.getByRole('dialog', { name: 'Please Confirm?' });
    expect(dialog).toHaveTextContent('Are you sure you want to do this?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Confirm closes the dialog and calls onConfirm once', async () => {
    const onConfirm = vi.fn();
    render(<ConfirmButton onConfirm={onConfirm}>Delete Gallery</ConfirmButton>);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Gallery' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
