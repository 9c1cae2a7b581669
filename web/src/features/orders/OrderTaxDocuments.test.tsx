import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import OrderTaxDocuments from './OrderTaxDocuments';

describe('OrderTaxDocuments', () => {
  it('shows nothing before the order is invoiced', () => {
    const { container } = render(<OrderTaxDocuments order={{ _id: 'o1', creditNotes: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links the invoice and every credit note by its number', () => {
    render(
      <OrderTaxDocuments
        order={{
          _id: 'o1',
          invoice: { number: 'HT/2627/000123', date: '2026-11-20T09:00:00Z' },
          creditNotes: [
            { number: 'HT/C2627/00007', date: '2026-11-25T09:00:00Z' },
            { number: 'HT/C2627/00009', date: '2026-11-27T09:00:00Z' },
          ],
        }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Tax documents' });
    expect(within(list).getByRole('link', { name: 'Download invoice (PDF)' })).toHaveAttribute(
      'href',
      '/api/orders/o1/invoice',
    );
    expect(within(list).getByRole('link', { name: 'Download credit note HT/C2627/00007 (PDF)' })).toHaveAttribute(
      'href',
      '/api/orders/o1/credit-note?number=HT%2FC2627%2F00007',
    );
    expect(within(list).getByRole('link', { name: 'Download credit note HT/C2627/00009 (PDF)' })).toHaveAttribute(
      'href',
      '/api/orders/o1/credit-note?number=HT%2FC2627%2F00009',
    );
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });
});
