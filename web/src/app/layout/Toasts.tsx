import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';

/**
 * The toast container and its styles, loaded after the page shows (Layout loads this lazily):
 * react-toastify keeps toasts raised before it mounts and shows them then.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} theme="light" />;
}
