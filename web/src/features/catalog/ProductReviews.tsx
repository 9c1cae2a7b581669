import { useId, useState, type FormEvent } from 'react';
import { Link } from '../../components/Link';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FaCheckCircle } from 'react-icons/fa';
import { toast } from 'react-toastify';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import Message from '../../components/Message';
import Rating from '../../components/Rating';
import { errorMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { LIMITS } from '../../lib/limits';
import { capLength, charactersLeft, FEW_CHARACTERS_LEFT, reviewProblem } from '../../lib/validation';
import { selectUserInfo } from '../auth';
import { useCreateReviewMutation, useGetMyReviewQuery } from './productsApi';
import { useGetMoreReviewsInfiniteQuery } from './reviewsApi';
import type { Product } from './types';

/** The rating choices of SPEC.md §5, for 1 to 5 stars. */
export const RATING_LABELS = [
  '1 Star - Poor',
  '2 Star - Fair',
  '3 Star - Good',
  '4 Star - Very Good',
  '5 Star - Excellent Product',
] as const;

export const REVIEW_POSTED = 'Thank you: your review is posted.';
export const ALREADY_REVIEWED = 'You have reviewed this product.';

/** The form; onDone says why it is no longer needed (one review a customer). */
function ReviewForm({ productId, onDone }: { productId: string; onDone: (why: string) => void }) {
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState('');
  const [createReview, { isLoading }] = useCreateReviewMutation();
  const counterId = useId();
  const left = charactersLeft(comment, LIMITS.reviewComment);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError('');
    const problem = reviewProblem(Number(rating), comment);
    if (problem) return setError(problem);
    try {
      const res = await createReview({ productId, rating: Number(rating), comment: comment.trim() }).unwrap();
      toast.success(res.message || 'Review Submitted!');
      onDone(REVIEW_POSTED);
    } catch (err) {
      if ((err as FetchBaseQueryError)?.status === 409) onDone(ALREADY_REVIEWED);
      else setError(errorMessage(err));
    }
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Write a review">
      {error && <Message variant="danger">{error}</Message>}
      <Form.Group className="mb-3" controlId="review-rating">
        <Form.Label>Rating</Form.Label>
        <Form.Select value={rating} onChange={(e) => setRating(e.target.value)}>
          <option value="">Select...</option>
          {RATING_LABELS.map((label, i) => (
            <option key={label} value={i + 1}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="review-comment">
        <Form.Label>Comment</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={comment}
          maxLength={LIMITS.reviewComment}
          onChange={(e) => setComment(capLength(e.target.value, LIMITS.reviewComment))}
          aria-describedby={counterId}
        />
        <Form.Text
          id={counterId}
          className={`review-counter ${left <= FEW_CHARACTERS_LEFT ? 'text-danger fw-semibold' : 'text-body-secondary'}`}
          aria-live="polite"
        >
          {left} {left === 1 ? 'character' : 'characters'} left
        </Form.Text>
      </Form.Group>
      <Button type="submit" variant="dark" disabled={isLoading}>
        {isLoading ? 'Submitting...' : 'Submit'}
      </Button>
    </Form>
  );
}

/** The reviews of a product, and the form to write one (a sign-in prompt for guests). */
export default function ProductReviews({ product }: { product: Product }) {
  const user = useSelector(selectUserInfo);
  // Set once this customer's review is in: the form goes.
  const [done, setDone] = useState<string | null>(null);
  const { data: mine } = useGetMyReviewQuery(product._id, { skip: !user });
  const written = done ?? (mine?.reviewed ? ALREADY_REVIEWED : null);
  const redirect = `/product/${encodeURIComponent(product._id)}`;
  // The product carries its newest reviews; older pages come on asking. A review written meanwhile
  // moves the pages along, so one may arrive twice: each is shown once.
  const [more, setMore] = useState(false);
  const older = useGetMoreReviewsInfiniteQuery(product._id, { skip: !more });
  const reviews = [
    ...new Map([...product.reviews, ...(older.data?.pages.flatMap((p) => p.reviews) ?? [])].map((r) => [r._id, r])).values(),
  ];
  const hasMore = more ? older.hasNextPage : product.numReviews > product.reviews.length;

  return (
    <section className="product-reviews mt-5" aria-labelledby="reviews-heading">
      <Row className="g-4">
        <Col lg={7}>
          <h2 id="reviews-heading" className="h4 mb-3">
            Reviews
          </h2>
          {reviews.length === 0 ? (
            <Message>Be the first person to review this product.</Message>
          ) : (
            <ul className="review-list" aria-label="Reviews">
              {reviews.map((review) => (
                <li key={review._id}>
                  <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
                    <span>
                      <strong>{review.name}</strong>
                      {review.verifiedPurchase && (
                        <span className="review-verified small ms-2">
                          <FaCheckCircle className="me-1" aria-hidden="true" />
                          Verified purchase
                        </span>
                      )}
                    </span>
                    <time className="small text-body-secondary" dateTime={review.createdAt}>
                      {formatDate(review.createdAt)}
                    </time>
                  </div>
                  <Rating value={review.rating} />
                  <p className="mb-0 mt-2 review-comment">{review.comment}</p>
                </li>
              ))}
            </ul>
          )}
          {older.error && !older.isFetching && <Message variant="danger">{errorMessage(older.error)}</Message>}
          {hasMore && (
            <Button
              variant="outline-dark"
              className="mt-2"
              disabled={older.isFetching}
              onClick={() => (more ? void older.fetchNextPage() : setMore(true))}
            >
              {older.isFetching ? 'Loading reviews...' : `More reviews (${product.numReviews - reviews.length} more)`}
            </Button>
          )}
        </Col>
        <Col lg={5}>
          <div className="review-form-card p-3 p-md-4 rounded shadow-sm bg-white">
            <h2 className="h5 mb-3">Write a Customer Review</h2>
            {written ? (
              <Message variant="success">{written}</Message>
            ) : user ? (
              <ReviewForm productId={product._id} onDone={setDone} />
            ) : (
              <Message>
                Please <Link to={`/login?redirect=${redirect}`}>sign in</Link> to write a review.
              </Message>
            )}
          </div>
        </Col>
      </Row>
    </section>
  );
}
