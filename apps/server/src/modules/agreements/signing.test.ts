import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { OrderAgreements, SigningView } from '@scheduler/contracts/agreements';
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as t from '../../db/schema.ts';
import { demoOrdinaryWeekday } from '../../test-support/demo-days.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { startDemoSession, type TestApp } from '../../test-support/test-app.ts';
import { setClock, slotsOn, startWithOtherCompany } from '../booking-changes/manage-test-support.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { insertAgreementTemplate } from './agreements-test-support.ts';
import { signedInMember, type ConsolePerson } from '../console-auth/console-test-support.ts';
import {
  AGREEMENT_REQUEST_EMAIL_JOB,
  AGREEMENT_REQUEST_SMS_JOB,
  AGREEMENT_SEALED_EMAIL_JOB,
} from '../notifications/agreement-messages.ts';
import { testWorker } from '../notifications/worker-test-support.ts';

/** A Monday, 9 AM in Columbus (EST). */
const MONDAY = '2027-03-01T14:00:00.000Z';
const OTHER_KEY = 'agreements-other';
const OTHER_OFFICE = 'c0000000-0000-4000-8000-0000000000a3';
/** A 1 × 1 PNG: the smallest drawn signature. */
const DOT_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeOnEachDatabase('agreements signed online', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  let office: ConsolePerson;
  const db = () => harness.database.db;
  const day = (days: number) => demoOrdinaryWeekday(addDays(MONDAY.slice(0, 10), days));

  /** A template of the demo company, written as the console's editor saves one (version 1, current). */
  async function template(name: string, bodyHtml: string, appliesTo: { all: boolean; service_ids: string[] }) {
    return insertAgreementTemplate(db(), 'demo', {
      name,
      bodyHtml,
      serviceIds: appliesTo.all ? [] : appliesTo.service_ids,
    });
  }

  /** A demo booking with two clients, Dana and Sam, booked as a visitor would; answers it and its signers' tokens by e-mail. */
  async function bookTwoClients(days: number, options: { samTexts?: boolean } = {}) {
    const order = await DemoOrder.start(harness.app, db(), await startDemoSession(harness.app));
    await order.fillIn();
    await db()
      .insert(t.orderParties)
      .values({
        companyId: order.companyId,
        orderId: order.orderId,
        role: 'client',
        position: 1,
        person: {
          first: 'Sam',
          last: 'Núñez',
          email: 'sam@example.com',
          mobile_phone: '614-555-0188',
          ...(options.samTexts ? { send_sms: true } : {}),
        },
      });
    expect((await order.hold((await slotsOn(harness.app, order.token, day(days)))[0]!)).statusCode).toBe(200);
    const confirmed = await order.confirm();
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const jobs = await db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, AGREEMENT_REQUEST_EMAIL_JOB), eq(t.jobs.orderId, order.orderId)));
    const tokens = new Map(jobs.map((job) => [String(job.payload.to), String(job.payload.signing_token)]));
    return { order, tokens };
  }

  const url = (token: string, path = '', key = 'demo') => `/${key}/json/sign/${token}${path}`;
  const view = (token: string, key = 'demo') => harness.app.inject({ method: 'GET', url: url(token, '', key) });
  const sign = (token: string, payload: Record<string, unknown>, ip = '203.0.113.7') =>
    harness.app.inject({
      method: 'POST',
      url: url(token),
      payload,
      remoteAddress: ip,
      headers: { 'user-agent': 'TestBrowser/1.0' },
    });
  const typed = (document: string, name = 'Dana Whitaker') => ({
    consent: true,
    typed_name: name,
    method: 'typed',
    signature_png: null,
    document_sha256: document,
  });
  const agreementsOf = async (orderId: string, person = owner, key = 'demo') => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/console/companies/${key}/orders/${orderId}/agreements`,
      headers: person.headers,
    });
    return response;
  };
  const events = async (orderId: string, type: string) =>
    db()
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.type, type)));

  let radonOnly: { id: string };
  beforeAll(async () => {
    harness = await startWithOtherCompany(factory, MONDAY, { key: OTHER_KEY, officeUuid: OTHER_OFFICE });
    owner = await signedInMember(harness, 'owner@agreements.example', 'owner');
    office = await signedInMember(harness, 'office@agreements.example', 'office');
    await template(
      'Pre-inspection agreement',
      '<h3>Agreement</h3><p>{client_name} engage {company_name} to inspect {address} on {datetime}.</p><p>{price_lines}</p>',
      { all: true, service_ids: [] },
    );
    radonOnly = await template('Radon addendum', '<p>Radon for {client_name}</p>', {
      all: false,
      service_ids: ['00000000-0000-4000-8000-00000000dead'],
    });
  });
  afterAll(async () => harness.close());

  it('sends each template that applies with the booking, filled and frozen, to each client with a link of their own', async () => {
    const { order, tokens } = await bookTwoClients(7);
    const [agreement, ...others] = await db()
      .select()
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.orderId, order.orderId));
    // The radon addendum is for an order that booked radon: this one did not.
    expect(others).toEqual([]);
    expect(agreement!.templateId).not.toBe(radonOnly.id);
    expect(agreement).toMatchObject({ title: 'Pre-inspection agreement', templateVersion: 1, status: 'pending' });
    expect(agreement!.bodyHtml).toContain('Dana Whitaker and Sam Núñez engage');
    expect(agreement!.bodyHtml).toContain('1450 Morse Rd, Columbus, OH 43229');
    expect(agreement!.bodyHtml).toMatch(/on \d+\/\d+\/2027 at \d+:\d\d[AP]M E[SD]T/);
    expect(agreement!.documentSha256).toBe(sha256(agreement!.bodyHtml));
    expect([...tokens.keys()].sort()).toEqual(['dana@example.com', 'sam@example.com']);
    expect(new Set(tokens.values()).size).toBe(2);
    expect((await events(order.orderId, 'agreement_sent')).map((event) => event.data)).toEqual([
      { agreement_id: agreement!.id, title: 'Pre-inspection agreement', version: 1, signers: 2 },
    ]);
  });

  it('opens the document for its signer, records the first opening once, and answers the same 404 for every bad link', async () => {
    const { order, tokens } = await bookTwoClients(8);
    const dana = tokens.get('dana@example.com')!;
    const response = await view(dana);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<SigningView>();
    expect(page).toMatchObject({
      title: 'Pre-inspection agreement',
      state: 'pending',
      signer: { name: 'Dana Whitaker' },
    });
    expect(page.document_sha256).toBe(sha256(page.html));
    expect(page.address).toBe('1450 Morse Rd, Columbus, OH 43229');
    expect((await view(dana)).statusCode).toBe(200);
    expect(await events(order.orderId, 'agreement_opened')).toHaveLength(1);
    const invalid = [
      await view(dana, OTHER_KEY),
      await view(`${dana.slice(0, -1)}${dana.endsWith('A') ? 'B' : 'A'}`),
      await view('short'),
    ];
    for (const answer of invalid) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'signing_link_invalid' } });
      expect(answer.body).not.toContain('Whitaker');
    }
  });

  it('refuses a signature without consent, a name or a drawing, of another document, or of a drawing that is no PNG, naming the field', async () => {
    const { tokens } = await bookTwoClients(9);
    const dana = tokens.get('dana@example.com')!;
    const { document_sha256: document } = (await view(dana)).json<SigningView>();
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ ...typed(document), consent: false }, 400, 'consent'],
      [{ ...typed(document), typed_name: '  ' }, 400, 'typed_name'],
      [{ ...typed(document), typed_name: 'x'.repeat(121) }, 400, 'typed_name'],
      [{ ...typed(document), method: 'drawn' }, 400, 'signature_png'],
      [{ ...typed(document), method: 'drawn', signature_png: 'data:image/png;base64,AAAA' }, 400, 'signature_png'],
      [typed('0'.repeat(64)), 409, 'document_sha256'],
    ];
    for (const [payload, status, field] of refusals) {
      const answer = await sign(dana, payload);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.body).toContain(field);
    }
    // A name at its bound is taken.
    expect((await sign(dana, typed(document, 'x'.repeat(120)))).statusCode).toBe(200);
  });

  it('takes each signature once, seals the agreement when every client has signed, stores the PDF with its hash and e-mails it', async () => {
    const { order, tokens } = await bookTwoClients(10);
    const [dana, sam] = [tokens.get('dana@example.com')!, tokens.get('sam@example.com')!];
    const { document_sha256: document } = (await view(dana)).json<SigningView>();
    const first = await sign(dana, typed(document));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SigningView>()).toMatchObject({ state: 'signed' });
    // Signing again (a second tab) signs once.
    expect((await sign(dana, typed(document))).json<SigningView>().state).toBe('signed');
    expect(await events(order.orderId, 'agreement_signed')).toHaveLength(1);
    expect((await harness.app.inject({ method: 'GET', url: url(dana, '/pdf') })).statusCode).toBe(404);
    const second = await sign(sam, {
      ...typed(document, 'Sam Núñez'),
      method: 'drawn',
      signature_png: DOT_PNG,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<SigningView>().state).toBe('complete');
    const [agreement] = await db().select().from(t.orderAgreements).where(eq(t.orderAgreements.orderId, order.orderId));
    expect(agreement!.status).toBe('signed');
    const [stored] = await db().select().from(t.documents).where(eq(t.documents.id, agreement!.pdfDocumentId!));
    expect(stored!.sha256).toBe(sha256(stored!.content));
    const pdf = await harness.app.inject({ method: 'GET', url: url(sam, '/pdf') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(sha256(pdf.rawPayload)).toBe(stored!.sha256);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A new wording of the template after the signing changes nothing signed: the same bytes, the same hash.
    await db().insert(t.agreementTemplateVersions).values({
      companyId: agreement!.companyId,
      templateId: agreement!.templateId,
      version: 2,
      name: 'Pre-inspection agreement',
      bodyHtml: '<p>Different words for {client_name}</p>',
      createdByName: 'Owner',
    });
    await db()
      .update(t.agreementTemplates)
      .set({ currentVersion: 2 })
      .where(eq(t.agreementTemplates.id, agreement!.templateId));
    try {
      const again = await harness.app.inject({ method: 'GET', url: url(dana, '/pdf') });
      expect(Buffer.compare(again.rawPayload, pdf.rawPayload)).toBe(0);
      const [unchanged] = await db().select().from(t.orderAgreements).where(eq(t.orderAgreements.id, agreement!.id));
      expect(unchanged).toMatchObject({ bodyHtml: agreement!.bodyHtml, templateVersion: 1, pdfDocumentId: stored!.id });
      const [sameDocument] = await db().select().from(t.documents).where(eq(t.documents.id, stored!.id));
      expect(sha256(sameDocument!.content)).toBe(stored!.sha256);
    } finally {
      // Back to the first wording, for the bookings after this test.
      await db()
        .update(t.agreementTemplates)
        .set({ currentVersion: 1 })
        .where(eq(t.agreementTemplates.id, agreement!.templateId));
      await db()
        .delete(t.agreementTemplateVersions)
        .where(
          and(
            eq(t.agreementTemplateVersions.templateId, agreement!.templateId),
            eq(t.agreementTemplateVersions.version, 2),
          ),
        );
    }
    const signers = await db()
      .select()
      .from(t.agreementSigners)
      .where(eq(t.agreementSigners.agreementId, agreement!.id));
    expect(signers.map((signer) => [signer.signatureMethod, signer.signedIp, signer.signedUserAgent])).toEqual([
      ['typed', '203.0.113.7', 'TestBrowser/1.0'],
      ['drawn', '203.0.113.7', 'TestBrowser/1.0'],
    ]);
    // The copies: each client and the office, the PDF attached.
    const outbox = mkdtempSync(join(tmpdir(), 'agreements-outbox-'));
    try {
      await testWorker(db(), outbox, { now: () => harness.clock.now() }).runDue();
      const sealedJobs = await db()
        .select()
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, AGREEMENT_SEALED_EMAIL_JOB), eq(t.jobs.orderId, order.orderId)));
      expect(sealedJobs.map((job) => job.payload.audience).sort()).toEqual(['client', 'client', 'office']);
      const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
      const sealedMails = mails.filter((mail) => /Subject: Your signed agreement/.test(mail));
      expect(sealedMails).toHaveLength(2);
      expect(sealedMails[0]).toContain('Content-Type: application/pdf');
      expect(mails.some((mail) => /Subject: Agreement signed/.test(mail))).toBe(true);
      // A request not sent before the agreement was complete is not sent after it.
      const requests = await db()
        .select()
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, AGREEMENT_REQUEST_EMAIL_JOB), eq(t.jobs.orderId, order.orderId)));
      expect(requests.map((job) => job.lastError)).toEqual(['AGREEMENT_NOT_PENDING', 'AGREEMENT_NOT_PENDING']);
      // The token left the job once it was done.
      expect(requests.every((job) => job.payload.signing_token === undefined)).toBe(true);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('e-mails each signer their link, and marks it sent', async () => {
    const { order, tokens } = await bookTwoClients(11);
    const outbox = mkdtempSync(join(tmpdir(), 'agreements-outbox-'));
    try {
      await testWorker(db(), outbox, { now: () => harness.clock.now() }).runDue();
      const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
      const dana = mails.find(
        (mail) => /To: dana@example.com/.test(mail) && /Subject: Review and sign your agreement/.test(mail),
      );
      expect(dana).toBeDefined();
      expect(dana!.replace(/=\r?\n/g, '')).toContain(
        `https://book.example.com/demo/sign/${tokens.get('dana@example.com')}`,
      );
      const signers = await db()
        .select()
        .from(t.agreementSigners)
        .innerJoin(t.orderAgreements, eq(t.orderAgreements.id, t.agreementSigners.agreementId))
        .where(eq(t.orderAgreements.orderId, order.orderId));
      expect(signers.every((row) => row.agreement_signers.sentAt !== null)).toBe(true);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('lands two signers signing at once, and seals once', async () => {
    const { order, tokens } = await bookTwoClients(14);
    const [dana, sam] = [tokens.get('dana@example.com')!, tokens.get('sam@example.com')!];
    const { document_sha256: document } = (await view(dana)).json<SigningView>();
    const answers = await Promise.all([sign(dana, typed(document)), sign(sam, typed(document, 'Sam Núñez'))]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await events(order.orderId, 'agreement_signed')).toHaveLength(2);
    expect(await events(order.orderId, 'agreement_sealed')).toHaveLength(1);
    expect((await agreementsOf(order.orderId)).json<OrderAgreements>().agreements[0]!.status).toBe('signed');
  });

  it('keeps what was signed when the template changes, and lists the agreements to the office; another company sees none', async () => {
    const { order, tokens } = await bookTwoClients(15);
    const [agreement] = await db().select().from(t.orderAgreements).where(eq(t.orderAgreements.orderId, order.orderId));
    // A new wording of the template after the agreement was sent.
    await db().insert(t.agreementTemplateVersions).values({
      companyId: agreement!.companyId,
      templateId: agreement!.templateId,
      version: 2,
      name: 'Pre-inspection agreement',
      bodyHtml: '<p>Entirely new words for {client_name}</p>',
      createdByName: 'Owner',
    });
    await db()
      .update(t.agreementTemplates)
      .set({ currentVersion: 2 })
      .where(eq(t.agreementTemplates.id, agreement!.templateId));
    const page = (await view(tokens.get('dana@example.com')!)).json<SigningView>();
    expect(page.html).toBe(agreement!.bodyHtml);
    expect(page.html).not.toContain('Entirely new words');
    const listed = await agreementsOf(order.orderId, office);
    expect(listed.statusCode, listed.body).toBe(200);
    const [shown] = listed.json<OrderAgreements>().agreements;
    expect(shown).toMatchObject({ version: 1, status: 'pending', signers_required: 'all' });
    expect(shown!.signers.map((signer) => signer.email)).toEqual(['dana@example.com', 'sam@example.com']);
    const otherOwner = await signedInMember(harness, 'owner@agreements-other.example', 'owner', OTHER_KEY);
    expect((await agreementsOf(order.orderId, otherOwner, OTHER_KEY)).statusCode).toBe(404);
    // Put back, for the bookings after this test.
    await db()
      .update(t.agreementTemplates)
      .set({ currentVersion: 1 })
      .where(eq(t.agreementTemplates.id, agreement!.templateId));
  });

  it('resends a new link to a signer who has not signed: the old link opens nothing; a signed agreement is not resent', async () => {
    const { order, tokens } = await bookTwoClients(16);
    const old = tokens.get('sam@example.com')!;
    const { agreements } = (await agreementsOf(order.orderId)).json<OrderAgreements>();
    const sam = agreements[0]!.signers.find((signer) => signer.email === 'sam@example.com')!;
    const resend = (person: ConsolePerson) =>
      harness.app.inject({
        method: 'POST',
        url: `/api/console/companies/demo/orders/${order.orderId}/agreements/${agreements[0]!.id}/signers/${sam.id}/resend`,
        headers: person.headers,
      });
    const answer = await resend(office);
    expect(answer.statusCode, answer.body).toBe(204);
    expect((await view(old)).statusCode).toBe(404);
    const fresh = await db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, AGREEMENT_REQUEST_EMAIL_JOB), eq(t.jobs.orderId, order.orderId)));
    const newest = fresh
      .map((job) => String(job.payload.signing_token))
      .find((token) => token !== old && token !== tokens.get('dana@example.com'));
    expect(newest).toBeDefined();
    const { document_sha256: document } = (await view(newest!)).json<SigningView>();
    expect((await sign(newest!, typed(document, 'Sam Núñez'))).statusCode).toBe(200);
    expect((await resend(office)).statusCode).toBe(409);
    expect(await events(order.orderId, 'agreement_resent')).toHaveLength(1);
    setClock(harness, MONDAY);
  });

  it("lets a client sign from their manage link, which lists where they stand; another order's agreement is the same 404", async () => {
    const { order } = await bookTwoClients(17);
    const manageTokenOf = async (audience: string, orderId: string) => {
      const jobs = await db()
        .select()
        .from(t.jobs)
        .where(and(eq(t.jobs.kind, 'confirmation_email'), eq(t.jobs.orderId, orderId)));
      return String(
        jobs.find((job) => job.payload.audience === audience && job.payload.to === 'dana@example.com')?.payload
          .manage_token,
      );
    };
    const manage = await manageTokenOf('client', order.orderId);
    const viewed = await harness.app.inject({ method: 'GET', url: `/demo/json/manage/${manage}` });
    expect(viewed.statusCode, viewed.body).toBe(200);
    const [listed] = viewed.json<{ agreements: Array<{ id: string; title: string; state: string }> }>().agreements;
    expect(listed).toMatchObject({ title: 'Pre-inspection agreement', state: 'pending' });
    const base = `/demo/json/manage/${manage}/agreements/${listed!.id}`;
    const page = await harness.app.inject({ method: 'GET', url: base });
    expect(page.statusCode, page.body).toBe(200);
    const shown = page.json<SigningView>();
    expect(shown.signer.name).toBe('Dana Whitaker');
    const signed = await harness.app.inject({
      method: 'POST',
      url: base,
      payload: typed(shown.document_sha256),
      headers: { 'user-agent': 'ManagePage/1.0' },
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<SigningView>().state).toBe('signed');
    const after = (await harness.app.inject({ method: 'GET', url: `/demo/json/manage/${manage}` })).json<{
      agreements: Array<{ state: string }>;
    }>();
    expect(after.agreements.map((agreement) => agreement.state)).toEqual(['signed']);
    // Another order's agreement through this link: the signing link's 404, nothing of it shown.
    const other = await bookTwoClients(18);
    const [theirs] = await db()
      .select()
      .from(t.orderAgreements)
      .where(eq(t.orderAgreements.orderId, other.order.orderId));
    const refused = await harness.app.inject({
      method: 'GET',
      url: `/demo/json/manage/${manage}/agreements/${theirs!.id}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'signing_link_invalid' } });
  });

  it('texts the signing link to a client who asked for text messages, and only to them', async () => {
    const { order, tokens } = await bookTwoClients(19, { samTexts: true });
    const texts = await db()
      .select()
      .from(t.jobs)
      .where(and(eq(t.jobs.kind, AGREEMENT_REQUEST_SMS_JOB), eq(t.jobs.orderId, order.orderId)));
    expect(texts.map((job) => [job.payload.to, job.payload.signing_token])).toEqual([
      ['+16145550188', tokens.get('sam@example.com')],
    ]);
    const outbox = mkdtempSync(join(tmpdir(), 'agreements-sms-'));
    try {
      await testWorker(db(), outbox, { now: () => harness.clock.now() }).runDue();
      const sent = readdirSync(outbox)
        .filter((name) => name.endsWith('.sms.txt'))
        .map((name) => readFileSync(join(outbox, name), 'utf8'))
        .filter((text) => text.includes('/sign/'));
      expect(sent).toHaveLength(1);
      expect(sent[0]).toContain('To: +16145550188');
      expect(sent[0]).toContain(`please review and sign "Pre-inspection agreement" before your inspection`);
      expect(sent[0]).toContain(`https://book.example.com/demo/sign/${tokens.get('sam@example.com')}`);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });
});
