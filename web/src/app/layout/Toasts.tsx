import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ToastContainer, toast, type Id } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import './toasts.css';

/** On a small screen more than three toasts would cover the header and the page. */
const MOST_AT_ONCE = 3;

/**
 * An error belongs to the screen it was raised on: leaving it dismisses it, so an old "payment
 * declined" does not stand beside the next screen's news. A success dismisses the errors before it.
 * An error raised just before its screen moves on (a failed payment, then the order's page) is
 * carried over once (CARRIED_TO_NEXT_SCREEN in lib/toast.ts).
 *
 * Each error shown, and whether it is still to be carried to the next screen. Followed from when
 * this module loads, before the container mounts and shows the toasts raised while it loaded.
 */
const errors = new Map<Id, boolean>();
toast.onChange((item) => {
  if (item.status === 'removed') {
    errors.delete(item.id);
  } else if (item.status === 'added' && item.type === 'error') {
    errors.set(item.id, (item.data as { carried?: boolean } | undefined)?.carried === true);
  } else if (item.status === 'added' && item.type === 'success') {
    errors.forEach((_, id) => toast.dismiss(id));
  }
});

function useErrorsOfScreen() {
  const { pathname } = useLocation();
  useEffect(
    () => () => {
      errors.forEach((carried, id) => {
        if (carried) errors.set(id, false);
        else toast.dismiss(id);
      });
    },
    [pathname],
  );
}

/**
 * The toast container, loaded after the page shows (Layout loads this lazily; its styles come with
 * the first stylesheet):
 * react-toastify keeps toasts raised before it mounts and shows them then.
 */
export default function Toasts() {
  useErrorsOfScreen();
  return <ToastContainer position="top-right" autoClose={5000} theme="light" limit={MOST_AT_ONCE} />;
}
