import type { ReactNode } from 'react';

// Written out in full so that the unused-CSS pass (scripts/purgeBootstrap.ts) keeps each rule.
const VARIANT_CLASS = {
  info: 'alert-info',
  danger: 'alert-danger',
  success: 'alert-success',
  warning: 'alert-warning',
  secondary: 'alert-secondary',
} as const;

interface MessageProps {
  variant?: keyof typeof VARIANT_CLASS;
  children: ReactNode;
}

/** A Bootstrap alert box (plain markup: react-bootstrap's Alert brings fade transitions it does not need). */
export default function Message({ variant = 'info', children }: MessageProps) {
  return (
    <div className={`alert ${VARIANT_CLASS[variant]}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
