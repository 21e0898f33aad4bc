// The guard against server-side request forgery for webhook deliveries: a webhook address is typed
// by a user, so the server must never be talked into calling its own network. Only http(s), https
// alone in production, no user:password, and no address in a private, loopback, link-local, shared
// (CGNAT), multicast, reserved or cloud-metadata range, in IPv4 or IPv6 (IPv4-mapped, IPv4-translated,
// NAT64 and 6to4 forms included). Names are checked after DNS resolution, and the sender connects to the very
// address checked (see `guardedLookup`), so a name cannot resolve to one address for the check and
// another for the connection.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

export interface AddressPolicy {
  /** Production: https only. */
  production: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: any address may be called (development and tests). */
  allowPrivate: boolean;
}

export class WebhookAddressError extends Error {}

/** The host's name did not resolve (as opposed to resolving somewhere forbidden). */
class HostNotFoundError extends WebhookAddressError {}

export function isLookupFailure(error: unknown): boolean {
  return error instanceof HostNotFoundError;
}

const FORBIDDEN_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network", 0.0.0.0 included
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // shared address space (CGNAT); 100.100.100.200 is a cloud metadata address
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local; 169.254.169.254 is the cloud metadata address
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and the broadcast address
];

const FORBIDDEN_V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::", 96], // IPv4-compatible (deprecated)
  ["::ffff:0:0:0", 96], // IPv4-translated (RFC 2765, SIIT): ::ffff:0:a.b.c.d reaches any IPv4 address
  ["64:ff9b::", 96], // NAT64: reaches any IPv4 address, private ones included
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments, Teredo included
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds any IPv4 address
  ["fc00::", 7], // unique local; fd00:ec2::254 is a cloud metadata address
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];

const forbidden = new BlockList();
for (const [network, prefix] of FORBIDDEN_V4) forbidden.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of FORBIDDEN_V6) forbidden.addSubnet(network, prefix, "ipv6");

/** True for an address no webhook may reach. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as its IPv4 address. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return forbidden.check(address, family === 4 ? "ipv4" : "ipv6");
}

function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks what can be told from the address alone: scheme, credentials, and a literal IP address.
 * Returns the parsed URL; throws WebhookAddressError with a message a person can act on.
 */
export function checkWebhookUrl(raw: string, policy: AddressPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookAddressError("The webhook address is not a valid URL.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new WebhookAddressError("The webhook address must start with https://.");
  if (policy.production && url.protocol !== "https:") throw new WebhookAddressError("The webhook address must use https://.");
  if (url.username || url.password) throw new WebhookAddressError("The webhook address must not contain a user name or password.");
  const host = hostOf(url);
  if (!host) throw new WebhookAddressError("The webhook address has no host.");
  if (!policy.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
    throw new WebhookAddressError("The webhook address points to a private or reserved network address, which cannot receive webhooks.");
  }
  if (!policy.allowPrivate && (host === "localhost" || host.endsWith(".localhost"))) {
    throw new WebhookAddressError("The webhook address points to this server, which cannot receive webhooks.");
  }
  return url;
}

/** The host's addresses, refused when any of them is forbidden (a name must not mix public and private). */
export async function resolvePermittedAddresses(host: string, policy: AddressPolicy): Promise<LookupAddress[]> {
  const family = isIP(host);
  const addresses =
    family !== 0
      ? [{ address: host, family }]
      : await new Promise<LookupAddress[]>((resolve, reject) =>
          dnsLookup(host, { all: true, verbatim: true }, (error, found) =>
            error ? reject(new HostNotFoundError(`The host ${host} could not be found.`)) : resolve(found),
          ),
        );
  if (addresses.length === 0) throw new HostNotFoundError(`The host ${host} could not be found.`);
  if (!policy.allowPrivate && addresses.some((entry) => isForbiddenAddress(entry.address))) {
    throw new WebhookAddressError(`The host ${host} resolves to a private or reserved network address, which cannot receive webhooks.`);
  }
  return addresses;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: resolves the name, refuses it if any address is forbidden, and
 * hands the socket the address it checked, so the connection goes exactly there.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolvePermittedAddresses(hostname, policy).then(
      (addresses) => (options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family)),
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
