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
