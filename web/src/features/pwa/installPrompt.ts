/**
 * The browser's offer to install the app (beforeinstallprompt), kept from the moment the page loads
 * so the install bar can show it whenever it mounts. "Maybe Later" hides the bar for a week.
 */

/** The event Chromium-based browsers fire when the app can be installed (not in TypeScript's DOM lib). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export const INSTALL_SNOOZE_KEY = 'installPromptDismissedAt';
export const INSTALL_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function onBeforeInstallPrompt(e: Event) {
  // Keep the browser's own mini bar away: the app offers installing itself.
  e.preventDefault();
  deferred = e as BeforeInstallPromptEvent;
  notify();
}

function onInstalled() {
  deferred = null;
  notify();
}

/** Starts listening; done once when this module loads, and again by tests after resetInstallPrompt. */
export function listenForInstallPrompt() {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  window.addEventListener('appinstalled', onInstalled);
}
listenForInstallPrompt();

export function subscribeInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The waiting install offer, if the browser made one. */
export const installOffer = () => deferred;

/** Whether "Maybe Later" was chosen within the last 7 days. */
export function isInstallSnoozed(now = Date.now()): boolean {
  const at = Number(localStorage.getItem(INSTALL_SNOOZE_KEY));
  return Number.isFinite(at) && at > 0 && now - at < INSTALL_SNOOZE_MS;
}

/** "Maybe Later": hides the offer for 7 days. */
export function snoozeInstall(now = Date.now()) {
  localStorage.setItem(INSTALL_SNOOZE_KEY, String(now));
  notify();
}

/** "Install Now": the browser's own install dialog. An offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = deferred;
  if (!offer) return 'unavailable';
  deferred = null;
  notify();
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  return outcome;
}

/** For tests: forgets the offer and listeners. */
export function resetInstallPrompt() {
  deferred = null;
  listeners.clear();
}
