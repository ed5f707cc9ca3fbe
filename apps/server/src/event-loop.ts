/**
 * Long work (a 20,000-agent company document is parsed, compared and stored in pieces of tens of
 * milliseconds) steps aside between its pieces, so that the requests of everyone else are
 * answered meanwhile (issue 39).
 *
 * One setImmediate is not enough: after an I/O callback (a query's answer, a body's last chunk)
 * it runs in the check phase of the same turn of the event loop, before the poll phase has read
 * any request that arrived meanwhile. The second one runs a turn later, after that poll phase.
 */
export function afterWaitingRequests(step: () => void): void {
  setImmediate(() => setImmediate(step));
}

/** `afterWaitingRequests` for async code. */
export function letWaitingRequestsIn(): Promise<void> {
  return new Promise((resolve) => afterWaitingRequests(resolve));
}
