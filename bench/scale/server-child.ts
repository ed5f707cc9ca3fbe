/**
 * The scale benchmark's server in a process of its own (forked by server-process.ts), so that its
 * memory and CPU are its own and not the client's: the figures issue 48 judges (server RSS after the
 * runs, server CPU per read) are this process's. It opens the database named in argv, serves on a
 * free port, and answers its parent's questions over the IPC channel.
 */
import { writeHeapSnapshot } from 'node:v8';
import { openAsServer } from './databases.ts';
import { startBenchServer } from '../bench-server.ts';
import { BENCH_SERVER_CONFIG } from './server-config.ts';
import type { ChildAnswer, ParentQuestion } from './server-process.ts';

const database = await openAsServer(process.argv[2]!);
const { app, base } = await startBenchServer(database, BENCH_SERVER_CONFIG);

const answer = (message: ChildAnswer) => process.send!(message);

process.on('message', (raw) => {
  const question = raw as ParentQuestion;
  void (async () => {
    try {
      switch (question.kind) {
        case 'sign-in-link':
          answer({
            id: question.id,
            kind: 'sign-in-link',
            link: await app.consoleAuth().signInLinkFor(question.email),
          });
          break;
        case 'usage': {
          const cpu = process.cpuUsage();
          answer({
            id: question.id,
            kind: 'usage',
            rssBytes: process.memoryUsage().rss,
            heapUsedBytes: process.memoryUsage().heapUsed,
            cpuMs: (cpu.user + cpu.system) / 1000,
          });
          break;
        }
        case 'close':
          // SCALE_SERVER_HEAP_SNAPSHOT=<dir>: what the server's heap holds after its runs.
          if (process.env.SCALE_SERVER_HEAP_SNAPSHOT)
            writeHeapSnapshot(`${process.env.SCALE_SERVER_HEAP_SNAPSHOT}/server-${process.pid}.heapsnapshot`);
          await app.close();
          await database.close();
          answer({ id: question.id, kind: 'closed' });
          process.exit(0);
      }
    } catch (error) {
      answer({ id: question.id, kind: 'error', message: (error as Error).message });
    }
  })();
});

answer({ id: 0, kind: 'listening', base });
