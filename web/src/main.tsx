import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import './app/bootstrap.scss';
import './index.css';
import { prefetchFirstScreen } from './app/prefetch';
import { AppRouter } from './app/router';
import { makeStore } from './app/store';
import { listenForCatalogueUpdates } from './features/pwa/catalogueUpdates';

const store = makeStore();
listenForCatalogueUpdates(store);
prefetchFirstScreen(store, window.location.pathname);

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread (the header from index.html shows meanwhile).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Provider store={store}>
        <AppRouter />
      </Provider>
    </StrictMode>,
  );
});
