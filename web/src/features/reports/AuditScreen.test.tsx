import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, pickValue, renderApp, type MockServer } from '../../test/render';
import { signInAs } from '../../test/session';
import type { AuditEntry, AuditPage } from './reportsApi';

function makeEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    _id: 'a1',
    at: '2026-11-20T08:15:00Z',
    actorId: 'u-admin',
    actorName: 'Asha Admin',
    actorRole: 'admin',
    address: '203.0.113.7',
    action: 'product.updated',
    targetType: 'product',
    targetId: 'p1',
    target: 'Cricket Club Polo',
    before: { price: 899 },
    after: { price: 799 },
    ...overrides,
  };
}

/** Answers GET /api/audit with the page `answer` gives for its query. */
function serve(answer: (q: URLSearchParams) => AuditPage) {
  return mockApi((url) => (url.pathname === '/api/audit' ? { body: answer(url.searchParams) } : undefined));
}

const auditCalls = (server: MockServer) => server.calls.filter((c) => c.startsWith('/api/audit'));

async function openAudit() {
  signInAs('admin');
  const app = renderApp('/admin/audit');
  await screen.findByRole('heading', { name: 'Audit log' });
  return app;
}

describe('AuditScreen', () => {
  it('lists who changed what, when and from where, with each field before and after', async () => {
    serve(() => ({
      entries: [
        makeEntry(),
        makeEntry({
          _id: 'a2',
          action: 'order.cancelled',
          targetType: 'order',
          targetId: 'o1',
          target: '',
          before: {},
          after: { reason: 'Courier lost the parcel' },
        }),
      ],
      page: 1,
      pages: 1,
    }));
    await openAudit();
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(rows[0])).toEqual([
      '20/11/2026 at 1:45 pm',
      'Asha Admin (admin, 203.0.113.7)',
      'Product edited',
      'product Cricket Club Polo',
      'price: 899 → 799',
    ]);
    // An order has no name: it is shown by its id, and a field it did not have before by a dash.
    expect(cells(rows[1]).slice(2)).toEqual(['Order cancelled', 'order o1', 'reason: — → Courier lost the parcel']);
  });

  it('asks again for the first page of the change and the dates picked', async () => {
    const server = serve((q) => ({
      entries: q.has('action') ? [] : [makeEntry()],
      page: Number(q.get('pageNumber')),
      pages: 3,
    }));
    const { user } = await openAudit();
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 3');
    expect(auditCalls(server)).toEqual(['/api/audit?pageNumber=1', '/api/audit?pageNumber=2']);

    await user.selectOptions(screen.getByLabelText('Change'), 'Order cancelled');
    expect(await screen.findByText('No changes recorded that match.')).toBeInTheDocument();
    pickValue(screen.getByLabelText('From'), '2026-11-01');
    pickValue(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() =>
      expect(auditCalls(server).slice(2)).toEqual([
        '/api/audit?pageNumber=1&action=order.cancelled',
        '/api/audit?pageNumber=1&action=order.cancelled&from=2026-11-01',
        '/api/audit?pageNumber=1&action=order.cancelled&from=2026-11-01&to=2026-11-30',
      ]),
    );
  });
});
