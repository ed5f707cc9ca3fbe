import { SMTPServer } from 'smtp-server';

/**
 * A mail server that answers "try again later" until told to accept, and keeps what it accepts.
 * An address in `state.unknown` is refused for good (550, no such mailbox), as a real server
 * refuses a mistyped one, whether it accepts the others or not.
 */
export function flakyMailServer() {
  const received: Buffer[] = [];
  const state = { accepting: false, refusals: 0, unknown: new Set<string>(), rejections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.unknown.has(address.address.toLowerCase())) {
        state.rejections++;
        return callback(
          Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected: User unknown`), {
            responseCode: 550,
          }),
        );
      }
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
