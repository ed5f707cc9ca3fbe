import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { SchedulerMode } from '@scheduler/domain/route-table';
import { SettingsReader } from '@scheduler/domain/settings';
import { createQueryClient, UnauthorizedSessions, UnauthorizedSessionsContext } from '../app/query-client.ts';
import { SchedulerProvider, type SchedulerContextValue } from '../shared/scheduler-context.tsx';

const OFFICE_UUID = '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10';

export function officeFixture(changes: Partial<OfficeResponse> = {}): OfficeResponse {
  return {
    company_key: 'demo',
    company_name: 'Scioto Valley Home Inspections',
    office_uuid: OFFICE_UUID,
    office_name: 'Columbus',
    office_phone: '6145550142',
    office_email: 'schedule@example.com',
    office_state: 'OH',
    time_zone: 'America/New_York',
    country: 'US',
    currency_code: 'USD',
    enabled: true,
    settings_data: [{ key: 'ONLINE_SCHEDULER_V3_RESTRICT_INSPECTOR_ZIP', value: 'Y' }],
    users: [{ id: 101, display: 'Mike Alvarez' }],
    states: [],
    controls: [],
    services_count: 3,
    max_clients: 1,
    pac_enabled: false,
    pac_service_uuid: null,
    rer_rush_amount: 0,
    state_label: 'State',
    contact_types: [],
    google_tag_id: null,
    ...changes,
  };
}

export function orderFixture(changes: Partial<OrderResponse> = {}): OrderResponse {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    saved: false,
    complete: false,
    confirmed: false,
    cancelled: false,
    office_booking: null,
    paid: false,
    pay_url: null,
    balance_due_cents: null,
    datetime: null,
    hold_expires_at: null,
    duration: 180,
    inspectors: [],
    address1: '',
    address2: '',
    city: '',
    state: null,
    postal_code: '',
    latitude: null,
    longitude: null,
    county: '',
    sqft: null,
    yb: null,
    foundation_type: null,
    sales_price: '',
    refer_reason: '',
    refer_reason_other: '',
    controls: [],
    packages: [],
    services: [],
    user: null,
    client: null,
    clients: null,
    buyers_agent: null,
    sellers_agent: null,
    insurance_agent: null,
    contacts: [],
    rush_rer: false,
    services_changed: false,
    special_note: '',
    revision: 'rev-1',
    prefill: {},
    locked: [],
    ...changes,
  };
}

/**
 * Renders one step as the scheduler page would: the app's own query client (with its 401 path),
 * the scheduler context, a router. `goTo` is a spy, so a test sees where the step moves on to.
 */
export function renderStep(
  Step: ComponentType,
  options: {
    office?: OfficeResponse;
    order?: OrderResponse;
    mode?: SchedulerMode;
    /** The address the step opens at (a query Stripe's return adds, say). */
    initialPath?: string;
  } = {},
) {
  const office = options.office ?? officeFixture();
  const order = options.order ?? orderFixture();
  const unauthorized = new UnauthorizedSessions();
  const queryClient = createQueryClient(unauthorized);
  const credentials = { token: 'test-token', officeUuid: office.office_uuid };
  const goTo = vi.fn();
  const context: SchedulerContextValue = {
    companyKey: office.company_key,
    credentials,
    scope: { companyKey: office.company_key, credentials },
    office,
    order,
    settings: new SettingsReader(office.settings_data),
    currency: 'USD',
    mode: options.mode ?? 'zip-restrict',
    hasControls: false,
    pathOf: (step) => `/${office.company_key}/online-scheduler/${step}`,
    goTo,
  };
  const view = render(
    <UnauthorizedSessionsContext.Provider value={unauthorized}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={options.initialPath ? [options.initialPath] : undefined}>
          <SchedulerProvider value={context}>
            <Step />
          </SchedulerProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </UnauthorizedSessionsContext.Provider>,
  );
  return { ...view, goTo, unauthorized, queryClient, token: credentials.token };
}

/** A recorded call to the stubbed network. */
export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stands in for the server at the network edge: each request is recorded and answered by
 * `answer`, which returns a status and a JSON body.
 */
export function stubServer(answer: (request: RecordedRequest) => { status: number; body: unknown }): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = {
      method: init.method ?? 'GET',
      path: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const { status, body } = answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return requests;
}
