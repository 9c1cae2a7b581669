import { Link } from './Link';

const STEPS = [
  { label: 'Sign In', to: '/login?redirect=/shipping' },
  { label: 'Shipping', to: '/shipping' },
  { label: 'Payment', to: '/payment' },
  { label: 'Place Order', to: '/placeorder' },
] as const;

/**
 * The checkout's progress bar (SPEC.md §2): Sign In, Shipping, Payment, Place Order.
 * current is the 1-based number of the step shown; the steps before it are done and are links.
 */
export default function CheckoutSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <nav aria-label="Checkout steps" className="checkout-steps mb-4">
      <ol>
        {STEPS.map((step, i) => {
          const n = i + 1;
          const state = n < current ? 'done' : n === current ? 'current' : 'todo';
          return (
            <li key={step.label} className={`checkout-steps__step is-${state}`}>
              <span className="checkout-steps__dot" aria-hidden="true">
                {n}
              </span>
              {state === 'done' ? (
                <Link to={step.to}>{step.label}</Link>
              ) : (
                <span aria-current={state === 'current' ? 'step' : undefined} aria-disabled={state === 'todo' || undefined}>
                  {step.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
