/**
 * The reference for the pages benchmark: Debian's nginx (`apt-get install -y nginx`) serving the
 * same bytes as the app, each encoding as its own file (`x.html`, `x.html.br`, `x.html.gz`) sent
 * with the matching Content-Encoding, one worker process like the app's one process (or
 * `--nginx-workers auto`), keep-alive without a request limit and an access log, as the app has.
 * Missing nginx is not an error: the benchmark says so and measures without the reference.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

export interface Nginx {
  base: string;
  stop(): Promise<void>;
}

/** Starts nginx on `port` with `root` as its document root, or says why it cannot. */
export async function startNginx(
  root: string,
  port: number,
  workers: string,
): Promise<Nginx | string> {
  if (!NGINX) return 'nginx is not installed (apt-get install -y nginx): no reference';
  const dir = mkdtempSync(path.join(tmpdir(), 'jp-nginx-'));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  default_type text/html;
  access_log ${dir}/access.log combined buffer=64k;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  keepalive_requests 10000000;
  sendfile on; tcp_nopush on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location ~ \\.br$ { add_header Content-Encoding br; add_header Vary Accept-Encoding; }
    location ~ \\.gz$ { add_header Content-Encoding gzip; add_header Vary Accept-Encoding; }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      return `nginx exited with ${child.exitCode}: no reference`;
    }
    const answer = await fetch(`${base}/`).catch(() => null);
    if (answer) return { base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  return 'nginx did not start: no reference';
}
