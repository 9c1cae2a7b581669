import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';

interface MessageProps {
  variant?: 'info' | 'danger' | 'success' | 'warning' | 'secondary';
  children: ReactNode;
}

export default function Message({ variant = 'info', children }: MessageProps) {
  return (
    <Alert variant={variant} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}
