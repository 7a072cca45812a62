import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A loopback port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `redis-cli -p <port> <args>`, its output trimmed. */
export async function redisCli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-p', String(port), ...args], { timeout: 10_000 });
  return stdout.trim();
}

export const until = async (
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (
    !(await Promise.resolve()
      .then(check)
      .catch(() => false))
  ) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** One redis-server (or Sentinel) process of a test topology. */
export interface RedisNode {
  port: number;
  child: ChildProcess;
  /** SIGKILLs it (a crash: no shutdown, no save). */
  kill(): Promise<void>;
}

/**
 * Redis processes of one test in one temp dir. Every process is SIGKILLed by
 * `stop()`, and by a `process.on('exit')` hook if the test runner dies first.
 */
export class RedisProcesses {
  readonly dir = mkdtempSync(join(tmpdir(), 'herald-redis-'));
  readonly nodes: RedisNode[] = [];
  private readonly onExit = () => this.nodes.forEach((n) => n.child.kill('SIGKILL'));

  constructor() {
    process.once('exit', this.onExit);
  }

  /** Starts `redis-server` with `args` on a free port; resolves once it accepts connections. */
  async start(args: string[], port?: number): Promise<RedisNode> {
    port ??= await freePort();
    const child = spawn('redis-server', [...args, '--port', String(port), '--bind', '127.0.0.1'], {
      cwd: this.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node: RedisNode = {
      port,
      child,
      kill: async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await gone;
        }
      },
    };
    this.nodes.push(node);
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`redis on ${port} did not start: ${output}`)),
        10_000,
      );
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/Ready to accept connections|Sentinel ID is/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server on ${port} exited with ${code}: ${output}`));
      });
    });
    return node;
  }

  /** Writes a config file into the temp dir and returns its path. */
  file(name: string, text: string): string {
    const path = join(this.dir, name);
    writeFileSync(path, text);
    return path;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.kill()));
    process.removeListener('exit', this.onExit);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A three-master Redis Cluster with one replica each, on loopback ports. */
export interface RedisClusterFixture {
  processes: RedisProcesses;
  nodes: RedisNode[];
  /** `redis+cluster://` URL listing every node. */
  url: string;
  /** The port of the master that serves `key`'s slot now. */
  masterOf(key: string): Promise<number>;
  /** The port of a replica of the master on `port`. */
  replicaOf(port: number): Promise<number>;
  stop(): Promise<void>;
}

/** One line of `CLUSTER NODES`: id, port, flags, master id, slot ranges. */
function clusterNodes(text: string) {
  return text.split('\n').map((line) => {
    const [id, address, flags, master, , , , , ...slots] = line.split(' ');
    return {
      id,
      port: Number(address.split('@')[0].split(':')[1]),
      flags: flags.split(','),
      master,
      slots,
    };
  });
}

/**
 * Starts six `redis-server --cluster-enabled yes` processes (node timeout
 * 1 s, so a dead master's replica takes over within a few seconds), joins them
 * with `redis-cli --cluster create --cluster-replicas 1` and waits until every
 * node says `cluster_state:ok`.
 */
export async function startRedisCluster(): Promise<RedisClusterFixture> {
  const processes = new RedisProcesses();
  try {
    const nodes: RedisNode[] = [];
    for (let i = 0; i < 6; i++) {
      const [port, busPort] = [await freePort(), await freePort()];
      nodes.push(
        await processes.start(
          [
            '--cluster-enabled',
            'yes',
            '--cluster-port',
            String(busPort),
            '--cluster-config-file',
            `nodes-${port}.conf`,
            '--cluster-node-timeout',
            '1000',
            '--save',
            '',
            '--appendonly',
            'no',
            '--daemonize',
            'no',
          ],
          port,
        ),
      );
    }
    const addresses = nodes.map((n) => `127.0.0.1:${n.port}`);
    await run(
      'redis-cli',
      ['--cluster', 'create', ...addresses, '--cluster-replicas', '1', '--cluster-yes'],
      {
        timeout: 30_000,
      },
    );
    for (const node of nodes)
      await until(
        async () => (await redisCli(node.port, 'CLUSTER', 'INFO')).includes('cluster_state:ok'),
        20_000,
        `cluster_state:ok on ${node.port}`,
      );
    const live = () => nodes.find((n) => n.child.exitCode === null && n.child.signalCode === null)!;
    return {
      processes,
      nodes,
      url: `redis+cluster://${addresses.join(',')}`,
      masterOf: async (key) => {
        const slot = Number(await redisCli(live().port, 'CLUSTER', 'KEYSLOT', key));
        const table = clusterNodes(await redisCli(live().port, 'CLUSTER', 'NODES'));
        const owner = table.find(
          (n) =>
            n.flags.includes('master') &&
            !n.flags.includes('fail') &&
            n.slots.some((range) => {
              const [from, to = from] = range.split('-').map(Number);
              return slot >= from && slot <= to;
            }),
        );
        if (!owner) throw new Error(`no master serves slot ${slot}`);
        return owner.port;
      },
      replicaOf: async (port) => {
        const table = clusterNodes(await redisCli(live().port, 'CLUSTER', 'NODES'));
        const master = table.find((n) => n.port === port)!;
        const replica = table.find((n) => n.master === master.id && !n.flags.includes('fail'));
        if (!replica) throw new Error(`the master on ${port} has no replica`);
        return replica.port;
      },
      stop: () => processes.stop(),
    };
  } catch (error) {
    await processes.stop();
    throw error;
  }
}
