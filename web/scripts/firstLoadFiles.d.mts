/** See firstLoadFiles.mjs. */
export function firstLoadFiles(html: string): string[];
