import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';

const top = [1, 2, 3].map((n) => makeProduct({ _id: `top${n}`, name: `Top Tee ${n}`, price: 500 + n }));

function serveHome() {
  return mockApi((url) => {
    if (url.pathname === '/api/products/top') return { body: top };
    if (url.pathname === '/api/products/categories') return { body: [{ name: 'polo', count: 7 }, { name: 'graphic tee', count: 3 }] };
    if (url.pathname === '/api/products') return { body: { products: [makeProduct()], pages: 1, page: 1 } };
    return undefined;
  });
}

const activeSlide = () => document.querySelector('.top-carousel .carousel-box__slide.active')!;

describe('home: top products and categories', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the top products above Latest Products, each slide linking to its product', async () => {
    serveHome();
    renderApp('/');
    const slides = await screen.findAllByTestId('top-product');
    const region = screen.getByRole('region', { name: 'Top products' });
    expect(within(region).getAllByTestId('top-product')).toEqual(slides);
    expect(slides).toHaveLength(3);
    slides.forEach((slide, i) => {
      // Only the slide in view is there for the keyboard and screen readers.
      const inView = i === 0;
      expect(slide.hasAttribute('inert')).toBe(!inView);
      const link = within(slide).getByRole('link', { hidden: !inView });
      expect(link).toHaveAttribute('href', `/product/top${i + 1}`);
      expect(link).toHaveTextContent(`Top Tee ${i + 1}`);
      expect(link).toHaveTextContent(`₹50${i + 1}.00`);
      expect(within(link).getByRole('img', { name: `Top Tee ${i + 1}`, hidden: !inView })).toHaveAttribute('src', `/uploads/demo/top${i + 1}-black-front.png`);
    });
    // Above the grid's heading
    const heading = screen.getByRole('heading', { name: 'Latest Products' });
    expect(region.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the carousel at once on page 1 again, from page 2, without waiting for idle anew', async () => {
    serveHome();
    const { router } = renderApp('/');
    await screen.findAllByTestId('top-product');
    // From here the browser is never idle.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    try {
      await act(() => router.navigate('/page/2'));
      expect(screen.queryByRole('region', { name: 'Top products' })).toBeNull();
      await act(() => router.navigate('/'));
      expect(await screen.findAllByTestId('top-product')).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stands its first slide still in its place until the carousel loads', async () => {
    // The browser is never idle: the carousel's code is not asked for.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => {});
    serveHome();
    const { unmount } = renderApp('/');
    try {
      const region = await screen.findByRole('region', { name: 'Top products' });
      const link = within(region).getByRole('link');
      expect(link).toHaveAttribute('href', '/product/top1');
      expect(link).toHaveTextContent('Top Tee 1');
      expect(link).toHaveTextContent('₹501.00');
      expect(within(link).getByRole('img', { name: 'Top Tee 1' })).toHaveAttribute('fetchpriority', 'high');
      expect(region.querySelector('.carousel-box')).toBeNull();
      expect(screen.queryAllByTestId('top-product')).toEqual([]);
    } finally {
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('advances every 3 s', async () => {
    vi.useFakeTimers();
    serveHome();
    renderApp('/');
    // Let the mocked requests answer; the carousel's clock starts when it appears.
    for (let i = 0; i < 20 && !activeSlide(); i++) {
      await act(() => vi.advanceTimersByTimeAsync(1));
    }
    expect(activeSlide()).toHaveTextContent('Top Tee 1');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(activeSlide()).toHaveTextContent('Top Tee 1');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(activeSlide()).toHaveTextContent('Top Tee 2');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(activeSlide()).toHaveTextContent('Top Tee 3');
  });

  it('links every category to /category/{name}', async () => {
    serveHome();
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['polo7', '/category/polo'],
      ['graphic tee3', '/category/graphic%20tee'],
    ]);
  });

  it('leaves out the carousel and categories on later pages', async () => {
    const server = serveHome();
    renderApp('/page/2');
    await screen.findByTestId('product-card');
    expect(screen.queryByRole('region', { name: 'Top products' })).not.toBeInTheDocument();
    expect(server.calls).not.toContain('/api/products/top');
  });
});
