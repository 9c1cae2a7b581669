// A fresh demo shop for the measuring scripts (check-budget.mjs, lighthouse.mjs): `haat serve --demo`
// on a new temporary data directory and a free loopback port, stopped and removed when the script ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A free port on the loopback interface. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(base, server) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error(`haat exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('haat did not become healthy in 30 s');
}

/**
 * Starts the binary `bin` as a demo shop and waits until it answers.
 * @param {{ bin: string, port?: number, log?: string }} options log: a file for the server's request log
 * @returns {Promise<{ base: string, stop: () => void }>} base: the shop's address, as http://127.0.0.1:port
 */
export async function startDemoShop({ bin, port, log }) {
  if (!fs.existsSync(bin)) throw new Error(`${path.relative(process.cwd(), bin)} is missing: run make build first.`);
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'haat-demo-'));
  const listen = port ?? (await freePort());
  const base = `http://127.0.0.1:${listen}`;
  const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${listen}`, '--data', data, '--demo'], {
    stdio: ['ignore', 'ignore', log ? fs.openSync(log, 'w') : 'ignore'],
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (server.exitCode === null) server.kill('SIGTERM');
    fs.rmSync(data, { recursive: true, force: true });
  };
  process.on('exit', stop);
  process.on('SIGINT', () => process.exit(130));
  try {
    await waitForHealthy(base, server);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}
