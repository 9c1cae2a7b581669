import { useEffect } from 'react';
import { useBrandName } from '../lib/config';

/** Sets the document title: "{title} | {brand}", or the brand alone. */
export default function PageTitle({ title }: { title?: string }) {
  const brand = useBrandName();
  useEffect(() => {
    document.title = title ? `${title} | ${brand}` : brand;
  }, [title, brand]);
  return null;
}
