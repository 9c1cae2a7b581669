import { expect, test, vi } from 'vitest';
import { render } from 'preact';
import { useEffect, useState } from 'react';

// When a test file ends, Vitest closes jsdom's window and deletes its globals, but a timer the file
// left on Node's clock still fires. Preact schedules effects on the next animation frame with a
// 35 ms Node timer beside it, and that timer calls cancelAnimationFrame: left by a file's last
// render, it fired after the teardown and failed a whole CI run ("cancelAnimationFrame is not
// defined", an unhandled error). This does what the teardown does to that global while a render's
// effects wait, and keeps it gone past the timer: a Node timer left by Preact throws here.
test("a render's effects wait on jsdom's frames alone, which end with its window", async () => {
  let bump = () => {};
  const ran: number[] = [];
  function Counter() {
    const [n, setN] = useState(0);
    bump = () => setN((v) => v + 1);
    useEffect(() => {
      ran.push(n);
    }, [n]);
    return <p>{n}</p>;
  }
  const host = document.body.appendChild(document.createElement('div'));
  render(<Counter />, host);
  await vi.waitFor(() => expect(ran).toEqual([0]));

  const cancel = globalThis.cancelAnimationFrame;
  try {
    Reflect.deleteProperty(globalThis, 'cancelAnimationFrame');
    bump();
    await vi.waitFor(() => expect(ran).toEqual([0, 1]));
    await new Promise((done) => setTimeout(done, 100));
  } finally {
    globalThis.cancelAnimationFrame = cancel;
    render(null, host);
    host.remove();
  }
});
