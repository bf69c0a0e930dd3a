import net from 'node:net';

export interface RawAnswer {
  /** The status of the answer's first line; 0 when the server closed the connection without one. */
  status: number;
  /** Bytes received, head and body, up to the cap (and a little past it when the cap cut the answer off). */
  bytes: number;
  /** The answer was longer than the cap, and the connection was closed there. */
  overCap: boolean;
}

/**
 * One request written as bytes on a socket of its own, exactly as given (a path no URL parser has
 * normalised, unicode sent as UTF-8), read until the server closes the connection or `cap` bytes have
 * come. So a test or a bench sees what the server answers an attacker, without holding a huge answer.
 */
export function rawRequest(port: number, target: string, options: { method?: string; cap?: number; timeoutMs?: number } = {}): Promise<RawAnswer> {
  const { method = 'GET', cap = 4 * 1024 * 1024, timeoutMs = 60_000 } = options;
  return new Promise((resolve) => {
    let bytes = 0;
    let head = '';
    let overCap = false;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(Buffer.from(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'utf8'));
    });
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      if (head.length < 64) head += chunk.subarray(0, 64).toString('latin1');
      bytes += chunk.length;
      if (bytes > cap) {
        overCap = true;
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), bytes, overCap });
    });
  });
}
