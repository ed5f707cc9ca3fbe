// The messages page's company document, shared by its page test and the editors' refusals suite.
export const NOTIFICATIONS = {
  office_email: 'office@scioto.example',
  notify_agents: false,
  payment_link: 'https://pay.example/{order_id}?amount={amount}',
  brand_color: '#1f4e79',
  templates: { client: { subject: 'Booked: {datetime}', body: 'Thank you, {client_name}.' } },
  reminders: [{ hours_before: 24, to: ['client'] }],
};

export const DOCUMENT = {
  key: 'demo',
  name: 'Scioto Valley Home Inspections',
  offices: [
    {
      uuid: '5b0c3a8e-7f1d-4c2a-9e61-3d4f8a2b9c10',
      name: 'Columbus',
      phone: '6145550142',
      email: 'columbus@scioto.example',
    },
  ],
  booking_changes: { reschedule_until_hours: 24 },
  notifications: NOTIFICATIONS,
};
