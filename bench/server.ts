/**
 * The built server (dist/start.mjs) for a benchmark: started on a port of the benchmark's own
 * with extra environment, ready when /readyz answers, stopped with SIGTERM (as an operator would).
 */
import { spawn, type ChildProcess } from 'node:child_process';

export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['dist/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (ready?.ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not get ready');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
