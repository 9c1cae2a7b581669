/**
 * Toasts for code that runs on every page (the header, the session): react-toastify loads on first
 * use instead of with the first page. Screens that load on demand can import { toast } as usual.
 */
const load = () => import('react-toastify').then((m) => m.toast);

export const lazyToast = {
  success: (message: string) => void load().then((toast) => toast.success(message)),
  error: (message: string) => void load().then((toast) => toast.error(message)),
  info: (message: string) => void load().then((toast) => toast.info(message)),
};

/**
 * The options of an error raised just before its screen moves on (a declined payment, then the
 * order's page): it stays on the next screen instead of going with the one it was raised on.
 */
export const CARRIED_TO_NEXT_SCREEN = { data: { carried: true } };
