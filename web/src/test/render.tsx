import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';
import { testConfig } from './fixtures';

type Reply = { status?: number; body: unknown } | 'network-error';
type Handler = (url: URL, request: RecordedRequest) => Reply | undefined;

export interface RecordedRequest {
  method: string;
  /** "/api/path?query" */
  path: string;
  /** The JSON body sent, if any. */
  body: unknown;
}

export interface MockServer {
  /** Every request made, as "/api/path?query". */
  calls: string[];
  /** Every request made, with its method and JSON body. */
  requests: RecordedRequest[];
}

/**
 * Replaces fetch with a fake server. The handler answers a request or returns undefined,
 * in which case GET /api/config gets testConfig and anything else a JSON 404.
 */
export function mockApi(handler: Handler = () => undefined): MockServer {
  const server: MockServer = { calls: [], requests: [] };

  // fetchBaseQuery builds a Request from a relative URL ('/api/...'): resolve it against
  // the test page, and drop jsdom's AbortSignal, which Node's Request does not accept.
  const NodeRequest = globalThis.Request;
  class RelativeRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const url = typeof input === 'string' ? new URL(input, window.location.href).href : input;
      super(url, init ? { ...init, signal: undefined } : init);
    }
  }
  vi.stubGlobal('Request', RelativeRequest);

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      server.calls.push(url.pathname + url.search);
      const method = input instanceof Request ? input.method : 'GET';
      const text = input instanceof Request && method !== 'GET' ? await input.text() : '';
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const recorded: RecordedRequest = { method, path: url.pathname + url.search, body };
      server.requests.push(recorded);
      let reply = handler(url, recorded);
      if (!reply && url.pathname === '/api/config') reply = { body: testConfig };
      if (!reply) reply = { status: 404, body: { message: `Not found: ${url.pathname}` } };
      if (reply === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return server;
}

/** Renders the whole app (layout and routes) at a route, with a fresh store. */
export function renderApp(route = '/') {
  const store = makeStore();
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router, user };
}
