/**
 * A real CalDAV server for the tests: Radicale (Debian's `radicale`, /usr/bin/radicale) on a free
 * port, in a temporary folder, with plain htpasswd users. `startRadicale` waits until it answers;
 * `stop` ends it and removes the folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Radicale {
  /** The server's root, e.g. http://127.0.0.1:5232/ */
  url: string;
  users: Record<string, string>;
  /** Makes a calendar collection of `user`; returns its URL (ending in /). */
  makeCalendar(user: string, name: string, options?: { timeZone?: string; displayName?: string }): Promise<string>;
  /** Writes one iCalendar object into a calendar as `<name>.ics` (the inspector's own app adding an event). */
  put(user: string, calendarUrl: string, name: string, ics: string): Promise<void>;
  /**
   * Writes many events straight into a calendar's folder, one `.ics` file each, as Radicale's own
   * storage keeps them (its "multifilesystem": a folder per collection, a file per object). A
   * calendar of 10,000 events PUT over HTTP kept Radicale busy for most of a minute parsing and
   * splitting one body; read back over CalDAV, the files are the same calendar.
   */
  seed(user: string, calendarName: string, objects: Array<{ name: string; ics: string }>): Promise<void>;
  remove(user: string, url: string): Promise<void>;
  /** The calendar's objects' file names and contents. */
  list(user: string, calendarUrl: string): Promise<Array<{ href: string; ics: string }>>;
  /** Stops the server (the outage case) and, unless `keep`, removes its folder. */
  stop(keep?: boolean): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function auth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export async function startRadicale(users: Record<string, string> = { mike: 'app-password-1' }): Promise<Radicale> {
  // In memory where the machine has it: Radicale syncs every file it writes, which on a disk makes
  // a calendar of 10,000 events minutes to write; a test's calendars need not outlive it.
  const folder = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'radicale-'));
  const port = await freePort();
  await writeFile(
    join(folder, 'users'),
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}`)
      .join('\n'),
  );
  await writeFile(
    join(folder, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      'max_content_length = 100000000',
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(folder, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(folder, 'collections')}`,
      '[logging]',
      'level = warning',
      '[web]',
      'type = none',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('/usr/bin/radicale', ['--config', join(folder, 'config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${stderr}`);
    try {
      const response = await fetch(url, { method: 'OPTIONS' });
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`radicale did not answer: ${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const request = async (user: string, target: string, init: RequestInit): Promise<Response> => {
    const response = await fetch(target, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: auth(user, users[user] ?? '') },
    });
    if (!response.ok && response.status !== 404) throw new Error(`radicale ${init.method}: ${response.status}`);
    return response;
  };
  return {
    url,
    users,
    async makeCalendar(user, name, options = {}) {
      const target = `${url}${user}/${name}/`;
      const zone = options.timeZone
        ? `<C:calendar-timezone>BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTIMEZONE\nTZID:${options.timeZone}\nEND:VTIMEZONE\nEND:VCALENDAR</C:calendar-timezone>`
        : '';
      const response = await request(user, target, {
        method: 'MKCALENDAR',
        headers: { 'content-type': 'application/xml' },
        body: `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${options.displayName ?? name}</D:displayname>${zone}<C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
      });
      await response.body?.cancel();
      return target;
    },
    async put(user, calendarUrl, name, ics) {
      const response = await request(user, `${calendarUrl}${name}.ics`, {
        method: 'PUT',
        headers: { 'content-type': 'text/calendar; charset=utf-8' },
        body: ics,
      });
      await response.body?.cancel();
    },
    async seed(user, calendarName, objects) {
      const collection = join(folder, 'collections', 'collection-root', user, calendarName);
      if (!existsSync(collection)) throw new Error(`no calendar ${user}/${calendarName}: make it first`);
      for (const { name, ics } of objects) await writeFile(join(collection, `${name}.ics`), ics);
    },
    async remove(user, target) {
      const response = await request(user, target, { method: 'DELETE' });
      await response.body?.cancel();
    },
    async list(user, calendarUrl) {
      const response = await request(user, calendarUrl, {
        method: 'PROPFIND',
        headers: { depth: '1', 'content-type': 'application/xml' },
        body: '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>',
      });
      const body = await response.text();
      const hrefs = [...body.matchAll(/<(?:\w+:)?href>([^<]+\.ics)<\/(?:\w+:)?href>/gi)].map((match) => match[1]!);
      return Promise.all(
        hrefs.map(async (href) => {
          const object = await request(user, new URL(href, url).toString(), { method: 'GET' });
          return { href, ics: await object.text() };
        }),
      );
    },
    async stop(keep = false) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
      if (!keep) await rm(folder, { recursive: true, force: true });
    },
  };
}

/** One VEVENT as a calendar app would write it into Radicale: its uid and its own lines (DTSTART, DTEND, SUMMARY…). */
export function eventIcs(uid: string, lines: readonly string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20270101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
