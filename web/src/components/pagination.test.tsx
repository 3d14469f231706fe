import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, pageItems } from './pagination.tsx';

describe('pageItems', () => {
  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pageItems(0, 1)).toEqual([0]);
    expect(pageItems(0, 3)).toEqual([0, 1, 2]);
    expect(pageItems(5, 10)).toEqual([0, 'gap', 4, 5, 6, 'gap', 9]);
    // A gap of one page shows the page instead.
    expect(pageItems(3, 10)).toEqual([0, 1, 2, 3, 4, 'gap', 9]);
  });
});

describe('Pagination', () => {
  it('renders nothing when everything fits on one page', () => {
    const { container } = render(<Pagination page={0} total={12} limit={50} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('marks the current page and reports zero-based pages', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} total={120} limit={50} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(0);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={0} total={100} limit={50} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={1} total={100} limit={50} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
