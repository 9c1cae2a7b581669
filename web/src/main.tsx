import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './app/bootstrap.scss';
import './index.css';
// The styles of the parts every page adds once it is idle (the toasts, the app's bars, the top
// products' carousel, whose carousel a product's pictures use too): their components import them as
// well, but imported here they come in the first page's stylesheet. Each sheet added to a page on
// screen restyled and laid out the whole page again, a long task on a phone for each of the four.
import 'react-toastify/ReactToastify.css';
import './app/layout/toasts.css';
import './features/pwa/pwa.css';
import './components/Carousel.css';
import './features/catalog/TopProductsCarousel.css';
import { loadAccountMenus } from './app/layout/accountMenus';
import { prefetchFirstScreen } from './app/prefetch';
import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import { selectUserInfo } from './features/auth/authSlice';
import { listenForCatalogueUpdates } from './features/pwa/catalogueUpdates';
// Keeps the browser's install offer from the start: it may come before the install bar has loaded.
import './features/pwa/installPrompt';

const store = makeStore();
listenForCatalogueUpdates(store);
prefetchFirstScreen(store, window.location.pathname);
// A signed-in visitor's header menus, asked for with the first screen's code rather than after it.
if (selectUserInfo(store.getState())) void loadAccountMenus();

// Preact renders in one go (it has no time slicing): the first render goes in a task of its own, after
// the one that ran the app's code and sent the first screen's requests, so that the browser can paint
// and answer input between the two (the header from index.html shows meanwhile).
const root = createRoot(document.getElementById('root')!);
setTimeout(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <AppRouter />
      </Provider>
    </StrictMode>,
  ),
);
