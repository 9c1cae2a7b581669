import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, pickValue, renderApp, type MockRequest } from '../../test/render';
import { signInAs } from '../../test/session';
import type { Product } from '../catalog';

const UP1 = '/uploads/0123456789abcdef0123456789abcdef.png';

function shirt(): Product {
  return makeProduct({
    _id: 'p1',
    name: 'Cricket Club Polo',
    price: 899,
    tags: ['men', 'polo'],
    description: 'Pique cotton.',
    variants: [
      {
        _id: 'v1',
        variantName: 'navy',
        swatch: '#000080',
        images: ['/uploads/demo/polo-navy-front.png', UP1],
        sizes: [
          { _id: 's1', size: 'M', stock: 3 },
          { _id: 's2', size: 'L', stock: 0 },
        ],
      },
      { _id: 'v2', variantName: 'white', swatch: '#ffffff', images: ['/uploads/demo/polo-white-front.png'], sizes: [] },
    ],
  });
}

function serve(product = shirt(), onPut?: (req: MockRequest) => { status?: number; body: unknown }) {
  return mockApi((url, req) => {
    if (url.pathname === '/api/products/p1' && req.method === 'PUT') {
      // The server answers with the saved product.
      return onPut?.(req) ?? { body: { ...product, ...(req.body as object) } };
    }
    // The editor reads through the admin route, never the cached public one.
    if (url.pathname === '/api/products/admin/p1') return { body: product };
    if (url.pathname === '/api/products/admin') return { body: { products: [product], pages: 1, page: 1 } };
    if (url.pathname.startsWith('/api/upload/delete/')) return { body: { message: 'Image deleted' } };
    return undefined;
  });
}

async function openEditor() {
  signInAs('admin');
  const app = renderApp('/admin/products/p1/edit');
  await screen.findByLabelText('Name');
  return app;
}

const variant = (n: number) => screen.getByRole('group', { name: new RegExp(`Variant ${n}$`) });
const pictureSrcs = (n: number) =>
  within(variant(n))
    .queryAllByRole('img')
    .map((i) => i.getAttribute('src'));

/** A stand-in for XMLHttpRequest that the test drives by hand. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  withCredentials = false;
  method = '';
  url = '';
  sent: FormData | undefined;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('ProductEditScreen', () => {
  it('fills the form from the product', async () => {
    serve();
    await openEditor();
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Cricket Club Polo');
    expect(screen.getByLabelText('Price (₹)')).toHaveValue(899);
    expect(screen.getByLabelText('Tags')).toHaveValue('men, polo');
    expect(screen.getByLabelText('Description')).toHaveValue('Pique cotton.');
    expect(within(variant(1)).getByLabelText('Colour name')).toHaveValue('navy');
    expect(pictureSrcs(1)).toEqual(['/uploads/demo/polo-navy-front.png', UP1]);
    expect(within(variant(1)).getByLabelText('Size code 1')).toHaveValue('M');
    expect(within(variant(1)).getByLabelText('Stock of size M')).toHaveValue(3);
  });

  it('shows tags lowercase and flags anything but letters, spaces, underscores and commas', async () => {
    serve();
    const { user } = await openEditor();
    const tags = screen.getByLabelText('Tags');
    await user.clear(tags);
    await user.type(tags, 'Men, Graphic_Tee');
    expect(tags).toHaveValue('men, graphic_tee');
    expect(tags).not.toHaveClass('is-invalid');
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();

    await user.type(tags, ', polo-2');
    expect(tags).toHaveClass('is-invalid');
    expect(screen.getByText('Tags may contain only letters, spaces, underscores and commas.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('makes a negative price positive', async () => {
    serve();
    await openEditor();
    const price = screen.getByLabelText('Price (₹)');
    pickValue(price, '-450');
    expect(price).toHaveValue(450);
  });

  it('disables Add Variant while the last variant has no name', async () => {
    serve();
    const { user } = await openEditor();
    const add = screen.getByRole('button', { name: 'Add Variant' });
    expect(add).toBeEnabled();
    await user.click(add);
    expect(variant(3)).toBeInTheDocument();
    expect(add).toBeDisabled();
    await user.type(within(variant(3)).getByLabelText('Colour name'), 'goldenrod and more words');
    expect(within(variant(3)).getByLabelText('Colour name')).toHaveValue('goldenrod and more w');
    expect(add).toBeEnabled();
    await user.clear(within(variant(3)).getByLabelText('Colour name'));
    expect(add).toBeDisabled();
  });

  it('refuses to delete the last picture of a variant', async () => {
    serve();
    const { user } = await openEditor();
    await user.click(within(variant(2)).getByRole('button', { name: 'Delete picture 1' }));
    expect(await screen.findByText('You need to keep at least one image to update.')).toBeInTheDocument();
    expect(pictureSrcs(2)).toEqual(['/uploads/demo/polo-white-front.png']);
  });

  it('reorders and deletes pictures; a saved upload is deleted only once the change is saved', async () => {
    const server = serve();
    const { user, router } = await openEditor();
    await user.click(within(variant(1)).getByRole('button', { name: 'Move picture 2 left' }));
    expect(pictureSrcs(1)).toEqual([UP1, '/uploads/demo/polo-navy-front.png']);
    expect(within(variant(1)).getByRole('button', { name: 'Move picture 1 left' })).toBeDisabled();
    await user.click(within(variant(1)).getByRole('button', { name: 'Delete picture 1' }));
    expect(pictureSrcs(1)).toEqual(['/uploads/demo/polo-navy-front.png']);
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/productlist'));
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect((put.body as { variants: { images: string[] }[] }).variants[0].images).toEqual(['/uploads/demo/polo-navy-front.png']);
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/api/upload/delete/0123456789abcdef0123456789abcdef.png',
      ]),
    );
  });

  it('never deletes a demo picture file, only drops it from the variant', async () => {
    const server = serve();
    const { user } = await openEditor();
    await user.click(within(variant(1)).getByRole('button', { name: 'Delete picture 1' }));
    expect(pictureSrcs(1)).toEqual([UP1]);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('edits sizes: codes uppercased, stock a whole number, rows added and removed', async () => {
    const server = serve();
    const { user } = await openEditor();
    const v2 = variant(2);
    await user.click(within(v2).getByRole('button', { name: 'Add Size' }));
    await user.type(within(v2).getByLabelText('Size code 1'), 'xl');
    expect(within(v2).getByLabelText('Size code 1')).toHaveValue('XL');
    const stock = within(v2).getByLabelText('Stock of size XL');
    await user.clear(stock);
    await user.type(stock, '12');
    expect(stock).toHaveValue(12);
    await user.click(within(variant(1)).getByRole('button', { name: 'Remove size L' }));
    expect(within(variant(1)).queryByLabelText('Size code 2')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/products/p1');
    expect(put.body).toEqual({
      name: 'Cricket Club Polo',
      price: 899,
      mrp: null,
      sizeChart: '',
      tags: 'men, polo',
      description: 'Pique cotton.',
      hsn: '6109',
      variants: [
        { _id: 'v1', variantName: 'navy', swatch: '#000080', images: ['/uploads/demo/polo-navy-front.png', UP1], sizes: [{ _id: 's1', size: 'M', stock: 3 }] },
        { _id: 'v2', variantName: 'white', swatch: '#ffffff', images: ['/uploads/demo/polo-white-front.png'], sizes: [{ size: 'XL', stock: 12 }] },
      ],
    });
  });

  it('uploads a picture with a progress bar and adds it to the variant', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serve();
    const { user } = await openEditor();
    const file = new File([new Uint8Array(2048)], 'front.png', { type: 'image/png' });
    await user.upload(within(variant(2)).getByLabelText('Upload pictures'), file);

    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/upload']);
    expect((xhr.sent!.get('image') as File).name).toBe('front.png');
    act(() => xhr.progress(1024, 2048));
    expect(within(variant(2)).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();

    await act(async () => xhr.respond(201, { message: 'Image uploaded', imageUrl: '/uploads/fedcba9876543210fedcba9876543210.png' }));
    expect(pictureSrcs(2)).toEqual(['/uploads/demo/polo-white-front.png', '/uploads/fedcba9876543210fedcba9876543210.png']);
    expect(within(variant(2)).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  it("shows the upload's refusal, and refuses other files before sending", async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.last = undefined;
    serve();
    const { user } = await openEditor();
    const input = within(variant(2)).getByLabelText('Upload pictures');
    // As if the browser's file picker let any file through
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('notes.txt: only JPEG, PNG and WebP images can be uploaded.')).toBeInTheDocument();
    expect(FakeXhr.last).toBeUndefined();

    await user.upload(input, new File(['x'], 'big.png', { type: 'image/png' }));
    await act(async () => FakeXhr.last!.respond(413, { message: 'The image is larger than 5 MB' }));
    expect(await screen.findByText('big.png: The image is larger than 5 MB')).toBeInTheDocument();
    expect(pictureSrcs(2)).toEqual(['/uploads/demo/polo-white-front.png']);
  });

  it('sends the HSN code typed, digits only', async () => {
    const server = serve();
    const { user } = await openEditor();
    const hsn = screen.getByLabelText('HSN code');
    expect(hsn).toHaveValue('6109');
    await user.clear(hsn);
    await user.type(hsn, '62-05');
    expect(hsn).toHaveValue('6205');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ hsn: '6205' });
  });

  it("sends a variant's colour name and the swatch picked for it", async () => {
    const server = serve();
    const { user } = await openEditor();
    const v1 = variant(1);
    const name = within(v1).getByLabelText('Colour name');
    await user.clear(name);
    await user.type(name, 'Midnight navy');
    const picker = within(v1).getByLabelText('Swatch');
    expect(picker).toHaveAttribute('type', 'color');
    expect(picker).toHaveValue('#000080');
    // A colour input takes no typing: the browser's picker sets its value, as here.
    pickValue(picker, '#1b5e20');
    expect(picker).toHaveValue('#1b5e20');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect((put.body as { variants: unknown[] }).variants).toMatchObject([
      { _id: 'v1', variantName: 'Midnight navy', swatch: '#1b5e20' },
      { _id: 'v2', variantName: 'white', swatch: '#ffffff' },
    ]);
  });

  it('sends the MRP in rupees and the size chart typed', async () => {
    const server = serve();
    const { user } = await openEditor();
    const mrp = screen.getByLabelText('MRP (₹, optional)');
    expect(mrp).toHaveValue(null);
    await user.type(mrp, '1299');
    const chart = screen.getByLabelText('Size chart (optional)');
    expect(chart).toHaveValue('');
    await user.type(chart, 'S: chest 38 in{Enter}M: chest 40 in');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({
      price: 899,
      mrp: 1299,
      sizeChart: 'S: chest 38 in\nM: chest 40 in',
    });
  });

  it('sends no MRP (null) once its field is cleared', async () => {
    const server = serve({ ...shirt(), mrp: 1299, sizeChart: 'M: chest 40 in' });
    const { user } = await openEditor();
    const mrp = screen.getByLabelText('MRP (₹, optional)');
    expect(mrp).toHaveValue(1299);
    expect(screen.getByLabelText('Size chart (optional)')).toHaveValue('M: chest 40 in');
    await user.clear(mrp);

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ mrp: null, sizeChart: 'M: chest 40 in' });
  });

  it('refuses an MRP below the price in the form, sending nothing until it is mended', async () => {
    // The form checks it before sending, in the words of the server's own rule (shop.Catalog).
    const server = serve();
    const { user, router } = await openEditor();
    const mrp = screen.getByLabelText('MRP (₹, optional)');
    await user.type(mrp, '500');
    expect(mrp).toHaveClass('is-invalid');
    expect(mrp).toHaveAccessibleDescription('The MRP must be at least the price');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The MRP must be at least the price');
    expect(router.state.location.pathname).toBe('/admin/products/p1/edit');

    // Mended, it saves: the one PUT made is this one, so the refused Update sent nothing.
    await user.clear(mrp);
    await user.type(mrp, '999');
    expect(mrp).not.toHaveClass('is-invalid');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    const puts = server.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0].body).toMatchObject({ price: 899, mrp: 999 });
  });

  it("shows the server's rule for an HSN code of the wrong length, and stays on the form", async () => {
    // The form takes only digits and leaves their number to the server's rule (shop.ValidHSN),
    // whose refusal is this.
    const server = serve(shirt(), () => ({ status: 400, body: { message: 'The HSN code is 4, 6 or 8 digits (6109 for knitted T-shirts)' } }));
    const { user, router } = await openEditor();
    const hsn = screen.getByLabelText('HSN code');
    await user.clear(hsn);
    await user.type(hsn, '61091');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The HSN code is 4, 6 or 8 digits (6109 for knitted T-shirts)');
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ hsn: '61091' });
    expect(router.state.location.pathname).toBe('/admin/products/p1/edit');
  });

  it("shows the server's refusal of an update", async () => {
    serve(shirt(), () => ({ status: 400, body: { message: 'Variant 2 (white) lists size M twice' } }));
    const { user, router } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Variant 2 (white) lists size M twice');
    expect(router.state.location.pathname).toBe('/admin/products/p1/edit');
  });

  it('refuses a stale save, says why and reloads the current stock', async () => {
    const loaded = { ...shirt(), version: 'v1' };
    let current = loaded;
    const server = mockApi((url, req) => {
      if (url.pathname === '/api/products/admin/p1') return { body: current };
      if (url.pathname !== '/api/products/p1' || req.method !== 'PUT') return undefined;
      // Two of size M sold while the form was open.
      if ((req.body as { version?: string }).version !== current.version) {
        return { status: 409, body: { message: 'This product changed since you opened it. Reload to see the current stock.' } };
      }
      return { body: { ...current, ...(req.body as object) } };
    });
    const { user, router } = await openEditor();
    current = {
      ...loaded,
      version: 'v2',
      variants: [{ ...loaded.variants[0], sizes: [{ _id: 's1', size: 'M', stock: 1 }, loaded.variants[0].sizes[1]] }, loaded.variants[1]],
    };
    await user.type(screen.getByLabelText('Description'), ' Soft.');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('This product changed since you opened it. Reload to see the current stock.')).toBeInTheDocument();
    await waitFor(() => expect(within(variant(1)).getByLabelText('Stock of size M')).toHaveValue(1));
    expect(server.requests.filter((r) => r.method === 'GET' && r.path === '/api/products/admin/p1')).toHaveLength(2);
    expect(server.requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ version: 'v1' });
    expect(router.state.location.pathname).toBe('/admin/products/p1/edit');

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Product updated');
    expect(server.requests.filter((r) => r.method === 'PUT')[1].body).toMatchObject({
      version: 'v2',
      variants: [{ _id: 'v1', sizes: [{ _id: 's1', stock: 1 }, { _id: 's2' }] }, { _id: 'v2' }],
    });
  });

  it('removes a variant after confirming, and a new upload of it is deleted at once', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const server = serve();
    const { user } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Add Variant' }));
    await user.type(within(variant(3)).getByLabelText('Colour name'), 'teal');
    await user.upload(within(variant(3)).getByLabelText('Upload pictures'), new File(['x'], 'a.png', { type: 'image/png' }));
    await act(async () => FakeXhr.last!.respond(201, { imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png' }));
    expect(pictureSrcs(3)).toEqual(['/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png']);

    await user.click(within(variant(3)).getByRole('button', { name: 'Remove Variant' }));
    expect(window.confirm).toHaveBeenCalledWith('Remove the variant "teal" and its pictures?');
    expect(screen.queryByRole('group', { name: /Variant 3$/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/api/upload/delete/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png',
      ]),
    );
  });
});
