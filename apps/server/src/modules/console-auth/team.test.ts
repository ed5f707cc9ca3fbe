import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { importDemoCopy, startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { authEvents, signedInMember, type ConsolePerson } from './console-test-support.ts';

/**
 * Issue 39, item 14: an invited inspector saw nothing until someone edited the database. Owners
 * and admins now name, on the Team page, which of the company's inspectors a member is.
 */
describeOnEachDatabase('the team: which inspector a member is', (factory) => {
  let harness: TestApp;
  let owner: ConsolePerson;
  beforeAll(async () => {
    harness = await startTestApp(factory);
    await importDemoCopy(harness, 'other', 'c0000000-0000-4000-8000-0000000000ee', (other) => {
      other.inspectors.push({
        ...other.inspectors[0],
        id: 150,
        first: 'Only',
        last: 'Elsewhere',
        display: 'Only Elsewhere',
      });
    });
    owner = await signedInMember(harness, 'team-owner@example.com', 'owner');
  });
  afterAll(async () => harness.close());

  const link = (by: ConsolePerson, userId: string, inspectorId: number | null, key = 'demo') =>
    harness.app.inject({
      method: 'PUT',
      url: `/api/console/companies/${key}/members/${userId}/inspector`,
      headers: by.headers,
      payload: { inspector_id: inspectorId },
    });
  const me = (person: ConsolePerson) =>
    harness.app
      .inject({ method: 'GET', url: '/api/console/me', headers: person.headers })
      .then((response) => response.json());

  it('lets an owner or an admin name the inspector, who then reads that inspector’s day; office staff may not', async () => {
    const newcomer = await signedInMember(harness, 'new-inspector@example.com', 'inspector');
    expect((await me(newcomer)).memberships[0]).toMatchObject({ role: 'inspector', inspector_id: null });
    expect((await link(owner, newcomer.userId, 102)).statusCode).toBe(204);
    expect((await me(newcomer)).memberships[0]).toMatchObject({ inspector_id: 102 });
    expect(await authEvents(harness, newcomer.userId, 'inspector_linked')).toEqual([
      expect.objectContaining({ data: { by: owner.userId, inspector_id: 102 } }),
    ]);
    const listed = await harness.app.inject({
      method: 'GET',
      url: '/api/console/companies/demo/members',
      headers: owner.headers,
    });
    expect(listed.json()).toEqual(
      expect.arrayContaining([{ user_id: newcomer.userId, role: 'inspector', inspector_id: 102 }]),
    );

    const admin = await signedInMember(harness, 'team-admin@example.com', 'admin');
    expect((await link(admin, newcomer.userId, null)).statusCode).toBe(204);
    expect((await me(newcomer)).memberships[0]).toMatchObject({ inspector_id: null });

    const clerk = await signedInMember(harness, 'team-clerk@example.com', 'office');
    expect((await link(clerk, newcomer.userId, 101)).statusCode).toBe(403);
    expect((await link(newcomer, newcomer.userId, 101)).statusCode).toBe(403);
    expect((await me(newcomer)).memberships[0]).toMatchObject({ inspector_id: null });
  });

  it("refuses an inspector the company does not have (another company's included), a person who is not its member, and a second member for one inspector", async () => {
    const first = await signedInMember(harness, 'first-inspector@example.com', 'inspector');
    const second = await signedInMember(harness, 'second-inspector@example.com', 'inspector');
    const unknown = await link(owner, first.userId, 150);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: { code: 'unknown_inspector', field: 'inspector_id' } });
    const outsider = await signedInMember(harness, 'outsider@example.com', 'inspector', 'other');
    expect((await link(owner, outsider.userId, 101)).statusCode).toBe(404);
    expect((await me(outsider)).memberships[0]).toMatchObject({ company_key: 'other', inspector_id: null });
    expect((await link(owner, first.userId, 103)).statusCode).toBe(204);
    const taken = await link(owner, second.userId, 103);
    expect(taken.statusCode).toBe(409);
    // The one already named may be named again (nothing changes).
    expect((await link(owner, first.userId, 103)).statusCode).toBe(204);
    // Bounds: a number the schema refuses is a 400 naming the field.
    expect((await link(owner, first.userId, 0)).statusCode).toBe(400);
  });
});
