import { Suspense, type ReactNode } from 'react';
import Loader from '../components/Loader';

/** Shows a spinner in the main area while a screen's chunk loads. */
export const suspended = (screen: ReactNode) => <Suspense fallback={<Loader />}>{screen}</Suspense>;
