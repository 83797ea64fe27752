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
  | { op: 'spin-until-waiting'; guardMs: number }
  | { op: 'bytes'; bytes: Uint8Array };

/** The test worker's protocol. */
export interface ChannelTestProtocol {
  request: ChannelTestRequest;
  response: string | number;
  progress: number;
  hello: { greeting: string };
  toWorker: { say: string };
  fromWorker: { heard: string };
}

const channel = serveChannel<ChannelTestProtocol>({
  async request(request, { signal, progress }) {
    switch (request.op) {
      case 'echo':
        return request.text;
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
      case 'spin-until-waiting': {
        // A synchronous loop, like git's stat pass: no message reaches this thread until it returns.
        channel.notify({ heard: 'spinning' });
        const end = Date.now() + request.guardMs;
        while (Date.now() < end) if (channel.requestsPending()) return 'gave way';
        return 'guard reached';
      }
    }
  },
  notice: (notice) => channel.notify({ heard: notice.say }),
});

const { greeting } = (workerData ?? {}) as { greeting?: string };
if (greeting === 'throw') throw new Error('broken at start');
channel.hello({ greeting: greeting ?? 'hello' });
