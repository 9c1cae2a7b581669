import { FIRST_SCREEN_ID } from '../lib/firstScreen';

/** Writes text into the page as its first screen's data block (setup.ts removes it after each test). */
export function carryText(text: string) {
  document.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="${FIRST_SCREEN_ID}">${text}</script>`);
}

/** Writes data into the page as the server does: JSON with <, > and & escaped. */
export function carry(data: unknown) {
  carryText(JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`));
}
