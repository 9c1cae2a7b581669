import { render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import WhenIdle from './WhenIdle';

/** A screen around the part that waits, counting its own renders. */
function Screen() {
  const renders = useRef(0);
  renders.current += 1;
  return (
    <>
      <output aria-label="renders">{renders.current}</output>
      <WhenIdle fallback={<p>Still</p>}>
        <p>Moving</p>
      </WhenIdle>
    </>
  );
}

describe('WhenIdle', () => {
  it('shows its fallback, then its children once idle, without rendering the screen around it again', async () => {
    render(<Screen />);
    expect(screen.getByText('Still')).toBeInTheDocument();
    expect(await screen.findByText('Moving')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'renders' })).toHaveTextContent('1');
  });
});
