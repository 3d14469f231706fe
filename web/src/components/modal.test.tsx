import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

describe('Modal', () => {
  it('is a labelled modal dialog that takes the focus', () => {
    render(
      <Modal title="Add Gallery" onClose={() => {}}>
        <p>Body text</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Gallery' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Body text');
    expect(dialog).toHaveFocus();
  });

  it('calls onClose from the close icon', async () => {
    const onClose = vi.fn();
    render(
      <Modal title="Add Gallery" onClose={onClose}>
        body
      </Modal>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('calls onClose on Escape', async () => {
    const onClose = vi.fn();
    render(
      <Modal title="Add Gallery" onClose={onClose}>
        body
      </Modal>,
    );
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Tab inside the dialog and gives focus back when it closes', async () => {
    const { rerender } = render(
      <>
        <button type="button">Opener</button>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    rerender(
      <>
        <button type="button">Opener</button>
        <Modal title="T" onClose={() => {}} footer={<button type="button">Save</button>}>
          body
        </Modal>
      </>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    rerender(
      <>
        <button type="button">Opener</button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Opener' })).toHaveFocus();
  });
});
