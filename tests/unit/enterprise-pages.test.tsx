/** The enterprise admin's portal mapping and company screens, against a fake API. */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { enterpriseMessages } from '../../src/contract/enterprise';
import type { Company, PortalMappingRow } from '../../src/contract/enterprise';
import { DashboardPage } from '../../src/views/dashboard/DashboardPage';
import { CompanyCreatePage } from '../../src/views/enterprise/CompanyCreatePage';
import { CompanyEditPage } from '../../src/views/enterprise/CompanyEditPage';
import { PortalMappingPage } from '../../src/views/enterprise/PortalMappingPage';
import { janeDoe } from '../fixtures/auth';
import type { Call, Reply } from '../fixtures/fakeApi';
import * as data from './records-fixtures';
import { recordCalls, renderPage, tearDownPage, withRoles } from './records-harness';

let rendered: ReturnType<typeof renderPage> | undefined;
afterEach(() => {
  tearDownPage(rendered);
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

const enterprise = withRoles(janeDoe, ['enterpriseadmin'], 'Erin Enterprise');
const notFound: Reply = { status: 404, body: { error: 'Not found', code: 'request.notFound' } };

const acme: Company = {
  tenantId: '3c9d1e2f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Acme Vision',
  slug: 'acme',
  logo: null,
  suspendedAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  stores: [{ id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Harbor', slug: 'harbor', address: '1 Quay Road', phone: '', timeZone: 'Europe/Istanbul', taxRateBp: 1800 }],
};
const harbor: PortalMappingRow = {
  id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
  tenantId: acme.tenantId,
  locationId: acme.stores[0]!.id,
  companySlug: 'acme',
  storeSlug: 'harbor',
  companyName: 'Acme Vision',
  storeName: 'Harbor',
  suspended: false,
};
const refusedFields = (fields: Record<string, string>): Reply => ({
  status: 400,
  body: { error: 'Please correct the highlighted fields.', code: 'request.fieldsInvalid', fields },
});

describe('the dashboard', () => {
  it("opens a company from its row and offers to add one", async () => {
    rendered = renderPage(<DashboardPage />, {
      user: enterprise,
      api: (call) => (call.path === '/api/enterprise/summary' ? { status: 200, body: data.enterpriseSummary } : notFound),
    });
    const table = await screen.findByRole('table', { name: 'Companies' });
    const link = within(table).getByRole('link', { name: 'Clearview Optical' });
    expect(link.getAttribute('href')).toBe(`/admin/update/editCompany/${data.enterpriseSummary.companies[0]!.tenantId}`);
    expect(screen.getByRole('link', { name: 'Add a company' }).getAttribute('href')).toBe('/admin/add/companyDetails');
  });
});

describe('portal mapping', () => {
  const api = (extra: (call: Call) => Reply | undefined = () => undefined) => (call: Call) =>
    extra(call) ??
    (call.path.startsWith('/api/enterprise/portal-mappings') && call.method === 'GET'
      ? { status: 200, body: { mappings: call.path.includes('search=zzz') ? [] : [harbor] } }
      : call.path === '/api/enterprise/companies'
        ? { status: 200, body: { companies: [acme] } }
        : notFound);

  it('lists each address with a link that opens its sign-in page in a tab of its own, and searches', async () => {
    rendered = renderPage(<PortalMappingPage />, { user: enterprise, api: api() });
    const open = await screen.findByRole('link', { name: 'Open the sign-in page /acme/harbor in a new tab' });
    expect(open.getAttribute('href')).toBe('/acme/harbor');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Acme Vision' }).getAttribute('href')).toBe(`/admin/update/editCompany/${acme.tenantId}`);

    await rendered.user.type(screen.getByRole('searchbox', { name: 'Search addresses, companies and stores' }), 'zzz');
    expect(await screen.findByText('No sign-in address matches.')).toBeTruthy();
    expect(recordCalls(rendered.server.calls).some((call) => call.path === '/api/enterprise/portal-mappings?search=zzz')).toBe(true);
  });

  it("adds an address: the company's and store's slugs are offered, and the server's refusal is told by field", async () => {
    const posted: unknown[] = [];
    rendered = renderPage(<PortalMappingPage />, {
      user: enterprise,
      api: api((call) => {
        if (call.method !== 'POST') return undefined;
        posted.push(call.body);
        return posted.length === 1 ? refusedFields({ storeSlug: enterpriseMessages.addressTaken }) : { status: 201, body: { ...harbor, storeSlug: 'pier' } };
      }),
    });
    await rendered.user.click(await screen.findByRole('button', { name: 'Add a sign-in address' }));
    await rendered.user.selectOptions(await screen.findByRole('combobox', { name: 'Company' }), acme.tenantId);
    await rendered.user.selectOptions(screen.getByRole('combobox', { name: 'Store' }), acme.stores[0]!.id);
    expect((screen.getByRole('textbox', { name: 'Company part' }) as HTMLInputElement).value).toBe('acme');
    expect((screen.getByRole('textbox', { name: 'Store part' }) as HTMLInputElement).value).toBe('harbor');
    await rendered.user.click(screen.getByRole('button', { name: 'Save the address' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(`Store part: ${enterpriseMessages.addressTaken}`);

    const store = screen.getByRole('textbox', { name: 'Store part' });
    await rendered.user.clear(store);
    await rendered.user.type(store, 'pier');
    await rendered.user.click(screen.getByRole('button', { name: 'Save the address' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save the address' })).toBeNull());
    expect(posted[1]).toEqual({ tenantId: acme.tenantId, locationId: acme.stores[0]!.id, companySlug: 'acme', storeSlug: 'pier' });
  });

  it('removes an address after asking', async () => {
    const deleted: string[] = [];
    rendered = renderPage(<PortalMappingPage />, {
      user: enterprise,
      api: api((call) => (call.method === 'DELETE' ? (deleted.push(call.path), { status: 200, body: { id: harbor.id } }) : undefined)),
    });
    await rendered.user.click(await screen.findByRole('button', { name: 'Remove /acme/harbor' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Remove the sign-in address /acme/harbor?');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(deleted).toEqual([`/api/enterprise/portal-mappings/${harbor.id}`]));
  });
});

describe('adding a company', () => {
  const fill = async (user: NonNullable<typeof rendered>['user']) => {
    await user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme Vision');
    await user.type(screen.getByRole('textbox', { name: 'Store name' }), 'Harbor Point');
    const tax = screen.getByRole('textbox', { name: 'Tax rate (%)' });
    await user.clear(tax);
    await user.type(tax, '8,25');
    await user.type(screen.getByRole('textbox', { name: "Admin's name" }), 'Ada Acme');
    await user.type(screen.getByRole('textbox', { name: "Admin's email" }), 'ada@acme.test');
  };

  it('sends the company, store and admin in one request, slugs following the names, and opens the new company', async () => {
    const posted: unknown[] = [];
    rendered = renderPage(<CompanyCreatePage />, {
      user: enterprise,
      api: (call) => {
        if (call.method === 'POST' && call.path === '/api/enterprise/companies') {
          posted.push(call.body);
          return posted.length === 1
            ? refusedFields({ slug: enterpriseMessages.slugReserved })
            : { status: 201, body: { tenantId: acme.tenantId, locationId: acme.stores[0]!.id, adminUserId: harbor.id } };
        }
        return notFound;
      },
    });
    await fill(rendered.user);
    expect((screen.getByRole('textbox', { name: 'Company address (slug)' }) as HTMLInputElement).value).toBe('acme-vision');
    expect((screen.getByRole('textbox', { name: 'Store address (slug)' }) as HTMLInputElement).value).toBe('harbor-point');
    await rendered.user.click(screen.getByRole('button', { name: 'Create the company' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(`Company address (slug): ${enterpriseMessages.slugReserved}`);
    expect(posted[0]).toMatchObject({
      name: 'Acme Vision',
      slug: 'acme-vision',
      logo: null,
      store: { name: 'Harbor Point', slug: 'harbor-point', taxRateBp: 825 },
      admin: { displayName: 'Ada Acme', email: 'ada@acme.test' },
    });

    const slug = screen.getByRole('textbox', { name: 'Company address (slug)' });
    await rendered.user.clear(slug);
    await rendered.user.type(slug, 'acme');
    await rendered.user.click(screen.getByRole('button', { name: 'Create the company' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/admin/update/editCompany/${acme.tenantId}`));
    expect(await screen.findByText('Company created. An invitation was sent to ada@acme.test.')).toBeTruthy();
  });

  it('a store slug refused, then rewritten by a new store name, is sent again', async () => {
    const posted: { store: { slug: string } }[] = [];
    rendered = renderPage(<CompanyCreatePage />, {
      user: enterprise,
      api: (call) => {
        if (call.method === 'POST' && call.path === '/api/enterprise/companies') {
          posted.push(call.body as { store: { slug: string } });
          return posted.length === 1
            ? refusedFields({ 'store.slug': enterpriseMessages.slugReserved })
            : { status: 201, body: { tenantId: acme.tenantId, locationId: acme.stores[0]!.id, adminUserId: harbor.id } };
        }
        return notFound;
      },
    });
    await fill(rendered.user);
    await rendered.user.click(screen.getByRole('button', { name: 'Create the company' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Store address (slug)');
    const store = screen.getByRole('textbox', { name: 'Store name' });
    await rendered.user.clear(store);
    await rendered.user.type(store, 'Harbor');
    await rendered.user.click(screen.getByRole('button', { name: 'Create the company' }));
    await waitFor(() => expect(posted[1]?.store.slug).toBe('harbor'));
  });

  it('is written in Arabic, right to left', async () => {
    rendered = renderPage(<CompanyCreatePage />, { user: enterprise, language: 'ar', api: () => notFound });
    expect(await screen.findByRole('heading', { level: 1, name: 'إضافة شركة' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إنشاء الشركة' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/enterprise\./);
  });
});

describe('editing a company', () => {
  it('saves the details and suspends after asking; the status says so', async () => {
    let company = acme;
    const puts: { path: string; body: unknown }[] = [];
    rendered = renderPage(<CompanyEditPage companyId={acme.tenantId} />, {
      user: enterprise,
      api: (call) => {
        if (call.method === 'PUT') {
          puts.push({ path: call.path, body: call.body });
          company = call.path.endsWith('/suspension')
            ? { ...company, suspendedAt: '2026-11-24T12:00:00.000Z' }
            : { ...company, ...(call.body as Partial<Company>) };
          return { status: 200, body: company };
        }
        return call.path === `/api/enterprise/companies/${acme.tenantId}` ? { status: 200, body: company } : notFound;
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Vision' })).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('18%')).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Company name' });
    await rendered.user.clear(name);
    await rendered.user.type(name, 'Acme Vision Ltd');
    await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts[0]).toEqual({ path: `/api/enterprise/companies/${acme.tenantId}`, body: { name: 'Acme Vision Ltd', slug: 'acme' } }));

    await rendered.user.click(screen.getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('alertdialog');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Suspended since Nov 24, 2026')).toBeTruthy();
    expect(puts[1]).toEqual({ path: `/api/enterprise/companies/${acme.tenantId}/suspension`, body: { suspended: true } });
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeTruthy();
  });
});

describe("adding a store on the company's page", () => {
  it("sends the store with a slug that follows its name, tells a refusal at its field, and lists the new store", async () => {
    let company = acme;
    const posted: unknown[] = [];
    rendered = renderPage(<CompanyEditPage companyId={acme.tenantId} />, {
      user: enterprise,
      api: (call) => {
        if (call.method === 'POST' && call.path === `/api/enterprise/companies/${acme.tenantId}/stores`) {
          posted.push(call.body);
          if (posted.length === 1) return refusedFields({ slug: enterpriseMessages.storeSlugTaken });
          const input = call.body as Company['stores'][number];
          company = { ...company, stores: [...company.stores, { ...input, id: '9b0c1d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e' }] };
          return { status: 201, body: company };
        }
        return call.path === `/api/enterprise/companies/${acme.tenantId}` ? { status: 200, body: company } : notFound;
      },
    });
    const form = await screen.findByRole('form', { name: 'Add a store' });
    const name = within(form).getByRole('textbox', { name: 'Store name' });
    await rendered.user.type(name, 'Harbor');
    expect((within(form).getByRole('textbox', { name: 'Store address (slug)' }) as HTMLInputElement).value).toBe('harbor');
    const zone = within(form).getByRole('textbox', { name: 'Time zone' });
    await rendered.user.clear(zone);
    await rendered.user.type(zone, 'Europe/Istanbul');
    const tax = within(form).getByRole('textbox', { name: 'Tax rate (%)' });
    await rendered.user.clear(tax);
    await rendered.user.type(tax, '8,25');
    await rendered.user.click(within(form).getByRole('button', { name: 'Add store' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain(`Store address (slug): ${enterpriseMessages.storeSlugTaken}`);
    expect(posted[0]).toEqual({ name: 'Harbor', slug: 'harbor', address: '', phone: '', timeZone: 'Europe/Istanbul', taxRateBp: 825 });

    await rendered.user.clear(name);
    await rendered.user.type(name, 'Lighthouse');
    // Correcting the form clears the refusal.
    expect(within(form).queryByRole('alert')).toBeNull();
    await rendered.user.click(within(form).getByRole('button', { name: 'Add store' }));
    const row = await screen.findByRole('row', { name: /Lighthouse/ });
    expect(row.textContent).toContain('/acme/lighthouse');
    expect(posted[1]).toMatchObject({ name: 'Lighthouse', slug: 'lighthouse' });
    expect((within(form).getByRole('textbox', { name: 'Store name' }) as HTMLInputElement).value).toBe('');
  });
});
