// Starting, addressing and stopping the fake servers, which all listen on 127.0.0.1.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export async function listenOnLoopback(server: Server, port = 0): Promise<void> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
}

/** `http://127.0.0.1:{port}` of a listening server. */
export function loopbackOrigin(server: Server | null, name: string): string {
  const address = server?.address() as AddressInfo | null | undefined;
  if (!address) throw new Error(`The fake ${name} server is not listening`);
  return `http://127.0.0.1:${address.port}`;
}

/** Closes the server, dropping kept-alive connections so the close does not wait for them. */
export async function closeServer(server: Server | null): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
