/**
 * Pin codes: the state and district of each of India's 19,000 pin codes, from India Post's "All
 * India Pincode Directory" (data.gov.in, Government Open Data License – India), as
 * scripts/pincodes.mjs writes it into pincodes.json with the names of districts.json. The table
 * (17 KB gzipped) loads on first use, by the address forms only, so that no other page pays for it.
 */

import { validPinCode } from './validation';

/** Where a pin code is: its state, and its district ('' when the directory names none of today's). */
export interface PinPlace {
  state: string;
  district: string;
}

interface PinTable {
  places: string[];
  pins: string;
}

/** Reads the table's pins: each a distance from the one before, with "=" and its place (base 36) when that changes. */
export function decodePins(table: PinTable): Map<number, PinPlace> {
  const places = table.places.map((p): PinPlace => {
    const [state, district] = p.split('|');
    return { state, district };
  });
  const byPin = new Map<number, PinPlace>();
  let pin = 0;
  let place = places[0];
  for (const entry of table.pins.split(',')) {
    const [step, index] = entry.split('=');
    pin += Number(step);
    if (index !== undefined) place = places[parseInt(index, 36)];
    byPin.set(pin, place);
  }
  return byPin;
}

let loading: Promise<Map<number, PinPlace>> | null = null;

/** Loads the table once; a load that failed (offline) is tried again next time. */
export function loadPincodes(): Promise<Map<number, PinPlace>> {
  loading ??= import('./pincodes.json').then(
    (m) => decodePins(m.default),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The place of a 6-digit pin code, or null for one India Post does not list (or while the table cannot load). */
export async function placeOfPin(pin: string): Promise<PinPlace | null> {
  if (!validPinCode(pin)) return null;
  try {
    return (await loadPincodes()).get(Number(pin)) ?? null;
  } catch {
    return null;
  }
}

/** The states of each pin code's first three digits (a sorting district may straddle a border). */
const prefixStates = new WeakMap<Map<number, PinPlace>, Map<string, Set<string>>>();

/**
 * The states a pin code may be in, as the server checks it: its own when India Post lists it, else
 * those of its first three digits; none for a pin code that is not India's.
 */
export function statesOfPin(pin: string, byPin: Map<number, PinPlace>): string[] {
  const own = byPin.get(Number(pin));
  if (own) return [own.state];
  let byPrefix = prefixStates.get(byPin);
  if (!byPrefix) {
    byPrefix = new Map();
    for (const [p, place] of byPin) {
      const prefix = String(p).padStart(6, '0').slice(0, 3);
      const states = byPrefix.get(prefix) ?? new Set<string>();
      states.add(place.state);
      byPrefix.set(prefix, states);
    }
    prefixStates.set(byPin, byPrefix);
  }
  return [...(byPrefix.get(pin.slice(0, 3)) ?? [])];
}

/** Why a pin code and a state do not go together ("Pin code 560038 is not in Maharashtra"), or null. */
export async function pinStateProblem(pin: string, state: string): Promise<string | null> {
  if (!validPinCode(pin) || !state) return null;
  try {
    const states = statesOfPin(pin, await loadPincodes());
    if (states.length === 0) return `Pin code ${pin} is not a pin code in India`;
    return states.includes(state) ? null : `Pin code ${pin} is not in ${state}`;
  } catch {
    return null; // the server checks it anyway
  }
}
