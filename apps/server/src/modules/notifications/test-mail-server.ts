import { SMTPServer } from 'smtp-server';

/** A mail server that answers "try again later" until told to accept, and keeps what it accepts. */
export function flakyMailServer() {
  const received: Buffer[] = [];
  const state = { accepting: false, refusals: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.accepting) return callback();
      state.refusals++;
      return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks));
        callback();
      });
    },
  });
  // A sender that dies mid-conversation (a killed server) resets its connection: expected, not a failure.
  server.on('error', () => {});
  return { server, received, state };
}
