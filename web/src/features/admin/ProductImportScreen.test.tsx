import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUserInfo, storeUserInfo } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import type { ImportReport } from './productImportApi';

const CSV = 'name,description,price,tags,colour,size,stock,image\nTee,,499,,teal,M,lots,a.png\n';

const report = (o: Partial<ImportReport>): ImportReport => ({ dryRun: true, applied: false, problems: [], products: [], ...o });

describe('ProductImportScreen', () => {
  it('checks the file first, names the bad row and will not import it', async () => {
    const server = mockApi((url) =>
      url.pathname === '/api/products/import'
        ? { body: report({ problems: [{ row: 2, column: 'stock', message: 'The stock must be a whole number from 0 to 1000000' }] }) }
        : undefined,
    );
    storeUserInfo(makeUserInfo({ role: 'admin' }));
    const { user } = renderApp('/admin/productimport');
    await user.upload(await screen.findByLabelText('CSV file'), new File([CSV], 'products.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const problem = within(await screen.findByTestId('import-problems')).getAllByRole('row')[1];
    expect(problem).toHaveTextContent('2stockThe stock must be a whole number');
    expect(screen.getByText(/1 row has a problem/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    const sent = server.requests.find((r) => r.path.startsWith('/api/products/import'))!;
    expect(sent.path).toBe('/api/products/import?dryRun=true');
    expect(sent.body).toBe(CSV);
  });

  it('imports a file that checked clean, and shows what changed', async () => {
    const change = { row: 2, name: 'Tee', action: 'update' as const, before: { price: 449 }, after: { price: 499 } };
    const server = mockApi((url) =>
      url.pathname === '/api/products/import'
        ? { body: report({ dryRun: url.searchParams.get('dryRun') === 'true', applied: url.searchParams.get('dryRun') === 'false', products: [change] }) }
        : undefined,
    );
    storeUserInfo(makeUserInfo({ role: 'admin' }));
    const { user } = renderApp('/admin/productimport');
    await user.upload(await screen.findByLabelText('CSV file'), new File([CSV], 'products.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('import-products')).toHaveTextContent('price: 449 → 499');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 1 products.')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.startsWith('/api/products/import')).map((r) => r.path)).toEqual([
      '/api/products/import?dryRun=true',
      '/api/products/import?dryRun=false',
    ]);
  });
});
