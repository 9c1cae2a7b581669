import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format';
import { makeProduct } from '../../test/fixtures';
import { mockApi, renderApp } from '../../test/render';
import { signInAs } from '../../test/session';
import type { Product } from './types';
import { RATING_LABELS } from './ProductReviews';

const reviewed = (): Product =>
  makeProduct({
    _id: 'tee9',
    name: 'Indigo Tee',
    rating: 4,
    numReviews: 1,
    reviews: [{ _id: 'r1', name: 'Ravi K.', rating: 4, comment: 'Fits well, soft fabric.', createdAt: '2026-03-05T09:15:00Z' }],
  });

/** A signed-in customer sends a review that the server refuses with status and message. */
async function sendRefusedReview(status: number, message: string) {
  signInAs('customer');
  mockApi((url, req) => {
    if (url.pathname === '/api/products/tee9/reviews' && req.method === 'POST') return { status, body: { message } };
    if (url.pathname === '/api/products/tee9') return { body: reviewed() };
    return undefined;
  });
  const { user } = renderApp('/product/tee9');
  await user.selectOptions(await screen.findByLabelText('Rating'), '3');
  await user.type(screen.getByLabelText('Comment'), 'Again');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('ProductReviews', () => {
  it('lists reviews with name, stars, date and comment', async () => {
    mockApi((url) => (url.pathname === '/api/products/tee9' ? { body: reviewed() } : undefined));
    renderApp('/product/tee9');
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Ravi K.');
    expect(within(item).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(item).toHaveTextContent(formatDate('2026-03-05T09:15:00Z'));
    expect(item).toHaveTextContent('05/03/2026 at 2:45 pm');
    expect(item).toHaveTextContent('Fits well, soft fabric.');
  });

  it('shows older reviews a page at a time under More reviews, each once', async () => {
    const review = (n: number) => ({ _id: `r${n}`, name: `Reviewer ${n}`, rating: 4, comment: 'Good', createdAt: '2026-03-05T09:15:00Z' });
    const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => review(from - i));
    // 23 reviews, the newest (23) first: the product carries 23..14, page 2 is 13..4, page 3 is 3..1; a
    // review written meanwhile moved page 2 along by one, so 14 comes twice.
    const pages: Record<string, ReturnType<typeof range>> = { '2': range(14, 5), '3': range(3, 1) };
    const server = mockApi((url) => {
      if (url.pathname === '/api/products/tee9') return { body: { ...reviewed(), numReviews: 23, reviews: range(23, 14) } };
      const page = /^\/api\/products\/tee9\/reviews\/page\/(\d+)$/.exec(url.pathname)?.[1];
      if (page) return { body: { reviews: pages[page], page: Number(page), pages: 3, total: 23 } };
      return undefined;
    });
    const { user } = renderApp('/product/tee9');
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(server.calls.some((c) => c.includes('/reviews/page/'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'More reviews (13 more)' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(19));
    await user.click(screen.getByRole('button', { name: 'More reviews (4 more)' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22));
    expect(within(list).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(
      [...range(23, 5), ...range(3, 1)].map((r) => r.name),
    );
    expect(screen.queryByRole('button', { name: /^More reviews/ })).toBeNull();
    expect(server.calls.filter((c) => c.includes('/reviews/page/'))).toEqual([
      '/api/products/tee9/reviews/page/2',
      '/api/products/tee9/reviews/page/3',
    ]);
  });

  it('invites the first review when there is none, and asks a guest to sign in', async () => {
    mockApi((url) => (url.pathname === '/api/products/new1' ? { body: makeProduct({ _id: 'new1', reviews: [] }) } : undefined));
    renderApp('/product/new1');
    expect(await screen.findByText('Be the first person to review this product.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login?redirect=/product/new1');
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Comment')).not.toBeInTheDocument();
  });

  it('offers the five rating labels to a signed-in user', async () => {
    signInAs('customer');
    mockApi((url) => (url.pathname === '/api/products/tee9' ? { body: reviewed() } : undefined));
    renderApp('/product/tee9');
    const select = await screen.findByLabelText('Rating');
    const options = within(select).getAllByRole('option').slice(1);
    expect(options.map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      ['1 Star - Poor', '1'],
      ['2 Star - Fair', '2'],
      ['3 Star - Good', '3'],
      ['4 Star - Very Good', '4'],
      ['5 Star - Excellent Product', '5'],
    ]);
    expect(RATING_LABELS).toHaveLength(5);
    expect(screen.queryByRole('link', { name: 'sign in' })).not.toBeInTheDocument();
  });

  it('counts the characters left, turning red at 20 or fewer, and caps the comment at 250', async () => {
    signInAs('customer');
    mockApi((url) => (url.pathname === '/api/products/tee9' ? { body: reviewed() } : undefined));
    const { user } = renderApp('/product/tee9');
    const comment = (await screen.findByLabelText('Comment')) as HTMLTextAreaElement;
    const counter = () => screen.getByText(/characters? left$/);
    expect(counter()).toHaveTextContent('250 characters left');
    expect(comment).toHaveAccessibleDescription('250 characters left');
    expect(counter()).not.toHaveClass('text-danger');

    await user.click(comment);
    await user.paste('a'.repeat(229));
    expect(counter()).toHaveTextContent('21 characters left');
    expect(counter()).not.toHaveClass('text-danger');
    await user.type(comment, 'b');
    expect(counter()).toHaveTextContent('20 characters left');
    expect(counter()).toHaveClass('text-danger');

    await user.paste('c'.repeat(40));
    expect(comment.value).toHaveLength(250);
    expect(counter()).toHaveTextContent('0 characters left');
    expect(comment).toHaveAttribute('maxlength', '250');
  });

  it('submits a review, says Review Submitted! and shows the refreshed list and average', async () => {
    signInAs('customer');
    let product = reviewed();
    const server = mockApi((url, req) => {
      if (url.pathname === '/api/products/tee9/reviews' && req.method === 'POST') {
        const { rating, comment } = req.body as { rating: number; comment: string };
        product = {
          ...product,
          rating: (product.rating + rating) / 2,
          numReviews: 2,
          reviews: [...product.reviews, { _id: 'r2', name: 'Chitra Customer', rating, comment, createdAt: '2026-11-20T10:00:00Z' }],
        };
        return { status: 201, body: { message: 'Review Submitted!' } };
      }
      if (url.pathname === '/api/products/tee9') return { body: product };
      return undefined;
    });
    const { user } = renderApp('/product/tee9');
    await user.selectOptions(await screen.findByLabelText('Rating'), '5 Star - Excellent Product');
    await user.type(screen.getByLabelText('Comment'), '  Lovely colour.  ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Review Submitted!')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/products/tee9/reviews',
      body: { rating: 5, comment: 'Lovely colour.' },
    });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Reviews' })).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByText('Lovely colour.')).toBeInTheDocument();
    expect(screen.getByText('2 reviews')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 out of 5' }).length).toBeGreaterThan(0);
    // One review a customer: the form goes.
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(screen.getByText('Thank you: your review is posted.')).toBeInTheDocument();
  });

  it('offers no form to a customer who has reviewed the product', async () => {
    signInAs('customer');
    mockApi((url) => {
      if (url.pathname === '/api/products/tee9/reviews/mine') return { body: { reviewed: true } };
      if (url.pathname === '/api/products/tee9') return { body: reviewed() };
      return undefined;
    });
    renderApp('/product/tee9');
    expect(await screen.findByText('You have reviewed this product.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('marks a verified purchase', async () => {
    const product = reviewed();
    product.reviews = [
      { ...product.reviews[0], _id: 'r1', name: 'Bought It', verifiedPurchase: true },
      { ...product.reviews[0], _id: 'r2', name: 'Just Looking', verifiedPurchase: false },
    ];
    mockApi((url) => (url.pathname === '/api/products/tee9' ? { body: product } : undefined));
    renderApp('/product/tee9');
    const items = within(await screen.findByRole('list', { name: 'Reviews' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Verified purchase');
    expect(items[1]).not.toHaveTextContent('Verified purchase');
  });

  it("shows the server's refusal in a red alert", async () => {
    await sendRefusedReview(400, 'Please write a comment');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please write a comment');
    expect(alert).toHaveClass('alert-danger');
  });

  it('takes the form away when the server says this customer has reviewed the product', async () => {
    await sendRefusedReview(409, 'Product already reviewed');
    expect(await screen.findByText('You have reviewed this product.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('asks for a rating and a comment before sending', async () => {
    signInAs('customer');
    const server = mockApi((url) => (url.pathname === '/api/products/tee9' ? { body: reviewed() } : undefined));
    const { user } = renderApp('/product/tee9');
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a rating from 1 to 5 stars');
    await user.selectOptions(screen.getByLabelText('Rating'), '4');
    await user.type(screen.getByLabelText('Comment'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write a comment');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
