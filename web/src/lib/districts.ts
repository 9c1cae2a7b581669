/**
 * The states and union territories of India with their districts, for the shipping address
 * (SPEC.md §3, §5). Official names, alphabetical; 28 states and 8 union territories.
 * The table is districts.json beside this file, which the server embeds to check every order's
 * address against the same names. When a state creates, merges or renames districts, update
 * that file (and this folder's test's counts).
 */
import table from './districts.json';

export const DISTRICTS: Readonly<Record<string, readonly string[]>> = table.districts;

/** The union territories among the keys of DISTRICTS. */
export const UNION_TERRITORIES: readonly string[] = table.unionTerritories;

/** The 28 states, alphabetical. */
export const STATES: readonly string[] = Object.keys(DISTRICTS)
  .filter((s) => !UNION_TERRITORIES.includes(s))
  .sort();

/** The districts of a state or union territory; none for an unknown name. */
export const districtsOf = (state: string): readonly string[] =>
  Object.prototype.hasOwnProperty.call(DISTRICTS, state) ? DISTRICTS[state] : [];
