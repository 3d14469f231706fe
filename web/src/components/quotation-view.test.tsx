import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sentQuotation } from '../test/quotation-fixture.ts';
import { QuotationView } from './quotation-view.tsx';

describe('QuotationView', () => {
  it('shows the lines with the substitute marked, the totals ex and inc VAT, the validity, the note, the PDF and its slot', () => {
    render(
      <QuotationView quotation={sentQuotation}>
        <p>Answer here</p>
      </QuotationView>,
    );
    expect(screen.getByRole('heading', { name: 'Quotation Q-2026-000004/2' })).toBeInTheDocument();
    expect(screen.getByText('Awaiting your answer')).toBeInTheDocument();
    expect(screen.getByText('27 Dec 2026')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Lines of Q-2026-000004/2' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'ACECAM-BR-6090 Acer campestre (Field maple), Bare root, 60-90 cm12£11.00£132.00',
      'CARBET-BR-90120 Carpinus betulus (Hornbeam), Bare root, 90-120 cmSubstitute150£3.90£585.00',
    ]);
    expect(screen.getByLabelText('Totals of Q-2026-000004/2')).toHaveTextContent(
      'Subtotal ex VAT£717.00Delivery ex VAT£45.00VAT at 20 %£152.40Total inc VAT£914.40',
    );
    expect(screen.getByText('Delivered on a tail-lift lorry.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/quotations/31/pdf');
    expect(screen.getByText('Answer here')).toBeInTheDocument();
  });

  it('says when the PDF is not made yet', () => {
    render(<QuotationView quotation={{ ...sentQuotation, pdf_url: null }} />);
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(screen.getByText(/The PDF is being prepared/)).toBeInTheDocument();
  });
});
