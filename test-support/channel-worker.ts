/**
 * A small worker for the worker channel's own tests (src/main/worker-channel/channel.test.ts): each
 * request names what the worker does with it, so a test can make it answer, report progress, wait
 * to be cancelled, fail with a code, die in the middle, or never answer. Bundled by the test.
 */
import { workerData } from 'node:worker_threads';
import { ChannelError, serveChannel } from '../src/main/worker-channel';

/** What the test asks. */
export type ChannelTestRequest =
  | { op: 'echo'; text: string }
  | { op: 'count'; to: number }
  | { op: 'until-cancelled' }
  | { op: 'fail'; code: string }
  | { op: 'exit' }
  | { op: 'never' }
  | { op: 'hog' }
  | { op: 'bytes'; bytes: Uint8Array };

/** The test worker's protocol. */
export interface ChannelTestProtocol {
  request: ChannelTestRequest;
  response: string | number;
  progress: number;
  hello: { greeting: string };
  /** `spinMs`: spin in a synchronous loop, the worker's own work (like the engine's warm-up), until a request waits or that long passed. */
  toWorker: { say: string; spinMs?: number };
  fromWorker: { heard: string };
}

const channel = serveChannel<ChannelTestProtocol>({
  async request(request, { signal, progress, light }) {
    switch (request.op) {
      case 'echo':
        return light ? `${request.text} (light)` : request.text;
      case 'count':
        for (let i = 1; i <= request.to; i++) progress(i);
        return request.to;
      case 'until-cancelled':
        return new Promise((resolve) => signal.addEventListener('abort', () => resolve('cancelled'), { once: true }));
      case 'fail':
        throw new ChannelError(request.code, `failed with ${request.code}`);
      case 'exit':
        return process.exit(3);
      case 'never':
        // Alive and answering nothing: a timer keeps the thread going.
        return new Promise(() => setInterval(() => undefined, 1000));
      case 'hog': {
        // Grows the heap until the worker's resourceLimits stop it.
        const kept: string[][] = [];
        for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => `${i} ${kept.length}`));
      }
      case 'bytes':
        return request.bytes.byteLength;
    }
  },
  notice: (notice) => {
    if (notice.spinMs === undefined) return channel.notify({ heard: notice.say });
    // Like git's stat pass inside the warm-up: no message reaches this thread until the loop ends,
    // and no request of its own is running, so only the shared count can end it early.
    channel.notify({ heard: 'spinning' });
    const end = Date.now() + notice.spinMs;
    while (Date.now() < end) if (channel.requestsPending()) return channel.notify({ heard: 'gave way' });
    channel.notify({ heard: 'spun to the end' });
  },
});

const { greeting } = (workerData ?? {}) as { greeting?: string };
if (greeting === 'throw') throw new Error('broken at start');
channel.hello({ greeting: greeting ?? 'hello' });
