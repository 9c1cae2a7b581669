import { describe, expect, it } from 'vitest';
import { errorMessage, GENERIC_ERROR, NETWORK_ERROR, PARSING_ERROR, serverMessage, TIMEOUT_ERROR } from './errors';

describe('errorMessage', () => {
  it("shows the server's message field", () => {
    expect(errorMessage({ status: 404, data: { message: 'Product not found' } })).toBe('Product not found');
  });

  it('falls back to generic text with the status when the body has no message', () => {
    expect(errorMessage({ status: 500, data: 'oops' })).toBe(`${GENERIC_ERROR} (HTTP 500)`);
  });

  it('names network, timeout and parsing failures', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(NETWORK_ERROR);
    expect(NETWORK_ERROR).toBe('You are offline. Check your connection and try again.');
    expect(errorMessage({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe(TIMEOUT_ERROR);
    expect(errorMessage({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' })).toBe(
      PARSING_ERROR,
    );
  });

  it("says the app is offline when fetch itself failed", () => {
    expect(errorMessage({ name: 'TypeError', message: 'Failed to fetch' })).toBe(NETWORK_ERROR);
    expect(errorMessage(new TypeError('Load failed'))).toBe(NETWORK_ERROR);
  });

  it('uses a serialized error message, else generic text', () => {
    expect(errorMessage({ message: 'Boom' })).toBe('Boom');
    expect(errorMessage(undefined)).toBe(GENERIC_ERROR);
  });
});

describe('serverMessage', () => {
  it("reads the message of the server's answer, and nothing else", () => {
    expect(serverMessage({ status: 400, data: { message: 'Please enter a valid 6-digit OTP' } })).toBe(
      'Please enter a valid 6-digit OTP',
    );
    expect(serverMessage({ status: 400, data: { message: '  ' } })).toBeUndefined();
    expect(serverMessage({ status: 400, data: { message: 42 } })).toBeUndefined();
    expect(serverMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBeUndefined();
    expect(serverMessage(new Error('Boom'))).toBeUndefined();
    expect(serverMessage(null)).toBeUndefined();
  });
});
