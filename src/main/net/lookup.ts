/**
 * The lookup a guarded connection uses. Node's `net.connect` calls it to turn the host name into
 * addresses; every address is judged here and the socket connects to one of exactly these vetted
 * strings, so there is no second DNS answer for a rebinding attacker to change.
 */
import { promises as dns } from 'node:dns';
import type { LookupAddress as NodeLookupAddress, LookupOptions } from 'node:dns';
import { isMetadataAddress } from '../../shared/metadata-address';
import { classifyAddress, type AddressRange } from './address';
import type { LookupAddress, LookupFn } from './policy';

/** The OS resolver, every answer, in the order the system prefers. */
export const systemLookup: LookupFn = async (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** What a guarded lookup refused, kept so the caller can explain it after the connection fails. */
export interface LookupRefusal {
  hostname: string;
  address: string;
  range: AddressRange;
  /** A link-local or cloud metadata address: refused even for an allowed host. */
  metadata?: boolean;
}

type Callback = (err: NodeJS.ErrnoException | null, address: string | NodeLookupAddress[], family?: number) => void;

/** Node's lookup signature, as `net.connect({lookup})` calls it. */
export type NetLookup = (hostname: string, options: LookupOptions, callback: Callback) => void;

function errno(code: string, message: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(message);
  err.code = code;
  return err;
}

/**
 * Judges every address `resolve` returns for `hostname`. One blocked address blocks the whole name
 * (a name that resolves to a public and a private address could be steered to either). With
 * `allowed` (an allow entry names the host) addresses are passed through unjudged, except a
 * link-local or cloud metadata address, which is never connected to.
 * `onRefused` records the refusal; the connection then fails with code `EATMARKBLOCKED`.
 */
export function judgeAddresses(
  hostname: string,
  addresses: readonly LookupAddress[],
  allowed: boolean,
): { ok: true; addresses: LookupAddress[] } | { ok: false; refusal: LookupRefusal } {
  const vetted: LookupAddress[] = [];
  for (const { address, family } of addresses) {
    // An allow entry opens a private host, never one that answers for this machine itself.
    if (isMetadataAddress(address)) return { ok: false, refusal: { hostname, address, range: classifyAddress(address) ?? 'link-local', metadata: true } };
    const range = allowed ? null : classifyAddress(address);
    if (range) return { ok: false, refusal: { hostname, address, range } };
    vetted.push({ address, family: family === 6 || address.includes(':') ? 6 : 4 });
  }
  return { ok: true, addresses: vetted };
}

/**
 * Builds the lookup for one connection pool. `resolve` is the policy's resolver (tests inject
 * their own); `allowed` says whether an allow entry names this hop's host and port.
 */
export function createGuardedLookup(
  resolve: LookupFn,
  allowed: boolean,
  onRefused: (refusal: LookupRefusal) => void,
): NetLookup {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const judged = judgeAddresses(hostname, answers, allowed);
        if (!judged.ok) {
          onRefused(judged.refusal);
          callback(errno('EATMARKBLOCKED', `${hostname} resolves to a non-public address`), '');
          return;
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = judged.addresses.filter((a) => wanted === 0 || a.family === wanted);
        const first = usable[0];
        if (!first) {
          callback(errno('ENOTFOUND', `getaddrinfo ENOTFOUND ${hostname}`), '');
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
