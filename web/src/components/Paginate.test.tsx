import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import Paginate, { pageWindow } from './Paginate';

function renderPaginate(props: Parameters<typeof Paginate>[0]) {
  return render(
    <MemoryRouter>
      <Paginate {...props} />
    </MemoryRouter>,
  );
}

function hrefs() {
  const nav = screen.getByRole('navigation', { name: 'Pages' });
  return within(nav)
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

describe('Paginate', () => {
  it('renders nothing for a single page', () => {
    const { container } = renderPaginate({ pages: 1, page: 1 });
    expect(container).toBeEmptyDOMElement();
  });

  it('links every other page of the home grid to /page/n and marks the current one', () => {
    renderPaginate({ pages: 3, page: 2 });
    expect(hrefs()).toEqual([
      ['‹Previous page', '/page/1'],
      ['1', '/page/1'],
      ['3', '/page/3'],
      ['›Next page', '/page/3'],
    ]);
    const current = screen.getByText('2', { selector: '[aria-current="page"]' });
    expect(current.closest('li')).toHaveClass('active');
  });

  it('links search pages to /search/{keyword}/page/n with the keyword encoded', () => {
    renderPaginate({ pages: 2, page: 1, keyword: 'polo neck' });
    expect(hrefs()).toEqual([
      ['2', '/search/polo%20neck/page/2'],
      ['›Next page', '/search/polo%20neck/page/2'],
    ]);
    expect(screen.getByText('Previous page').closest('li')).toHaveClass('disabled');
  });

  it('shows a window with gaps when there are many pages', () => {
    expect(pageWindow(5, 3)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 1)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(10, 5)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
});

describe('Paginate on other lists', () => {
  it('links pages through hrefFor', () => {
    renderPaginate({ pages: 2, page: 2, hrefFor: (n) => `/admin/productlist/${n}` });
    expect(hrefs()).toEqual([
      ['‹Previous page', '/admin/productlist/1'],
      ['1', '/admin/productlist/1'],
    ]);
  });
});

describe('Paginate keeps the query', () => {
  it("adds the list's sort and filters to every page link", () => {
    render(
      <MemoryRouter initialEntries={['/category/polo/page/2?sort=price_asc&size=M']}>
        <Paginate pages={3} page={2} hrefFor={(n) => `/category/polo/page/${n}`} />
      </MemoryRouter>,
    );
    expect(hrefs()).toEqual([
      ['‹Previous page', '/category/polo/page/1?sort=price_asc&size=M'],
      ['1', '/category/polo/page/1?sort=price_asc&size=M'],
      ['3', '/category/polo/page/3?sort=price_asc&size=M'],
      ['›Next page', '/category/polo/page/3?sort=price_asc&size=M'],
    ]);
  });
});

describe('Paginate with the page in the query', () => {
  it('takes the query of the links as the list builds them, not the current one besides', () => {
    render(
      <MemoryRouter initialEntries={['/admin/orderlist?status=placed&pageNumber=2']}>
        <Paginate pages={3} page={2} hrefFor={(n) => `/admin/orderlist?status=placed&pageNumber=${n}`} />
      </MemoryRouter>,
    );
    expect(hrefs()).toEqual([
      ['‹Previous page', '/admin/orderlist?status=placed&pageNumber=1'],
      ['1', '/admin/orderlist?status=placed&pageNumber=1'],
      ['3', '/admin/orderlist?status=placed&pageNumber=3'],
      ['›Next page', '/admin/orderlist?status=placed&pageNumber=3'],
    ]);
  });
});
