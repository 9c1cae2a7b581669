import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import 'bootstrap/dist/css/bootstrap.min.css';
import './index.css';
import { prefetchFirstScreen } from './app/prefetch';
import { AppRouter } from './app/router';
import { makeStore } from './app/store';

const store = makeStore();
prefetchFirstScreen(store, window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AppRouter />
    </Provider>
  </StrictMode>,
);
