import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLayout } from './PageLayout.tsx';

const header = {
  companyKey: 'demo',
  officeUuid: null,
  companyName: 'Scioto Valley Home Inspections',
  phone: '6145550100',
  hideLogo: true,
  bannerHtml: '<p>Closed on July 4th.</p>',
};
const contact = {
  office_name: 'Columbus',
  office_email: 'office@example.com',
  office_phone: '6145550100',
};

function renderLayout(bare?: boolean) {
  return render(
    <PageLayout header={header} contact={contact} bare={bare}>
      <h1>When would you like your inspection?</h1>
    </PageLayout>,
  );
}

// Decision 0060: in a company's page that has its own, the wizard leaves out its header, banner and footer.
describe("the page's frame", () => {
  it('has the skip link, the header with the banner, and the office at the foot', () => {
    renderLayout(false);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Closed on July 4th.');
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('is main content only when bare', () => {
    renderLayout(true);
    expect(screen.getByRole('main').textContent).toBe('When would you like your inspection?');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('is whole outside a company’s embed', () => {
    renderLayout();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
