import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiRoutes, type SignInSettings } from '@cockpit/contracts';
import { setToken } from '../../../lib/auth/token-store';
import { jsonResponse, renderWithProviders } from '../../../testing/test-utils';
import { SignInSettingsForm } from './sign-in-settings-form';

// Management → Sign-in (decision 020) against a stubbed management API: the secret is write-only.

const stored: SignInSettings = {
  provider: {
    issuerUrl: 'https://login.example.com/realms/company',
    clientId: 'cockpit',
    hasClientSecret: true,
    domains: [
      { domain: 'company.example', verified: true },
      { domain: 'company.example.org', verified: false },
    ],
    newUserRoleKey: 'organisationmember',
    newUserSubscription: 'basic',
    requireSingleSignOn: false,
    breakGlassUserId: null,
    attributeClaims: {},
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  administrators: [{ id: 'a1', name: 'Anna Admin', email: 'admin@example.com' }],
  redirectUri: 'https://cockpit.example.com/api/auth/sso/callback',
  domainProof: { recordPrefix: '_report-cockpit', recordValue: 'report-cockpit-verification=abc123' },
};

function stubServer(
  answerSave: (body: Record<string, unknown>) => Response,
  answerVerify: (domain: string) => Response = () => jsonResponse(stored),
) {
  setToken('a.b.c');
  const saved: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const verifying = /^\/api\/management\/sign-in\/domains\/([^/]+)\/verify$/.exec(url.pathname);
      if (verifying && request.method === 'POST') return answerVerify(decodeURIComponent(verifying[1]!));
      if (url.pathname !== apiRoutes.getSignInSettings.path)
        return jsonResponse({ error: { code: 'NOT_FOUND', message: 'x' } }, 404);
      if (request.method === 'GET') return jsonResponse(stored);
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return answerSave(body);
    }),
  );
  return saved;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SignInSettingsForm', () => {
  it('shows the stored provider, says a secret is stored and keeps it when the field stays empty', async () => {
    const saved = stubServer(() =>
      jsonResponse({ ...stored, provider: { ...stored.provider!, updatedAt: '2026-01-02T00:00:00.000Z' } }),
    );
    await renderWithProviders(<SignInSettingsForm />);
    expect(await screen.findByDisplayValue('https://login.example.com/realms/company')).toBeVisible();
    expect(screen.getByText(/A secret is stored/)).toBeVisible();
    expect(screen.getByDisplayValue(stored.redirectUri)).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).not.toHaveProperty('clientSecret');
    expect(saved[0]).toMatchObject({
      domains: ['company.example', 'company.example.org'],
      clientId: 'cockpit',
    });
  });

  it('asks for the secret again when the issuer URL changes (the stored one never goes elsewhere)', async () => {
    const saved = stubServer(() => jsonResponse(stored));
    await renderWithProviders(<SignInSettingsForm />);
    const issuer = await screen.findByDisplayValue('https://login.example.com/realms/company');
    await userEvent.clear(issuer);
    await userEvent.paste('https://other.example.com/realms/company');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter the client secret again: the issuer URL or client ID has changed.'),
    ).toBeVisible();
    expect(saved).toHaveLength(0);
  });

  it("shows each domain's state and TXT record, verifies one and explains a missing record", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const verified: string[] = [];
    let proven = false;
    stubServer(
      () => jsonResponse(stored),
      (domain) => {
        verified.push(domain);
        return proven
          ? jsonResponse({
              ...stored,
              provider: {
                ...stored.provider!,
                domains: stored.provider!.domains.map((d) => ({ ...d, verified: true })),
              },
            })
          : jsonResponse({ error: { code: 'DOMAIN_NOT_PROVEN', message: 'domain: no TXT record' } }, 400);
      },
    );
    await renderWithProviders(<SignInSettingsForm />);
    const proofs = await screen.findByTestId('domain-proofs');
    expect(within(proofs).getByText('_report-cockpit.company.example.org')).toBeVisible();
    expect(within(proofs).getAllByText('report-cockpit-verification=abc123')[0]).toBeVisible();
    expect(within(screen.getByTestId('domain-company.example')).getByText('Verified')).toBeVisible();
    expect(within(screen.getByTestId('domain-company.example.org')).getByText('Not verified')).toBeVisible();
    // Only the unverified domain has a Verify button.
    expect(within(proofs).getAllByRole('button', { name: /^Verify/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Verify company.example.org' }));
    expect(await screen.findByTestId('domain-proof-error')).toHaveTextContent(
      'The TXT record for company.example.org with your organisation’s value was not found.',
    );
    proven = true;
    await userEvent.click(screen.getByRole('button', { name: 'Verify company.example.org' }));
    await vi.waitFor(() =>
      expect(within(screen.getByTestId('domain-company.example.org')).getByText('Verified')).toBeVisible(),
    );
    expect(verified).toEqual(['company.example.org', 'company.example.org']);
  });

  it('explains a public mail domain, a domain in use elsewhere and a provider on an internal address', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answers = [
      jsonResponse({ error: { code: 'PUBLIC_MAIL_DOMAIN', message: 'domains: gmail.com' } }, 400),
      jsonResponse({ error: { code: 'DOMAIN_IN_USE', message: 'domains: beispiel.example' } }, 409),
      jsonResponse(
        {
          error: {
            code: 'BAD_REQUEST',
            message:
              "issuerUrl: The discovery document's token_endpoint: x resolves to 10.0.0.5, a private address",
          },
        },
        400,
      ),
    ];
    stubServer(() => answers.shift()!);
    await renderWithProviders(<SignInSettingsForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Public mail domains such as gmail.com cannot be used for single sign-on.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'People of another organisation have e-mail addresses in one of these domains.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The provider is not reachable on a public address/)).toBeVisible();
  });

  it('maps claims to user attributes, refuses an invalid row and sends the mapping', async () => {
    const saved = stubServer(() => jsonResponse(stored));
    await renderWithProviders(<SignInSettingsForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add attribute from a claim' }));
    const [row] = screen.getAllByTestId('attribute-claim');
    await userEvent.type(within(row!).getByRole('textbox', { name: 'Attribute' }), 'my region');
    await userEvent.type(within(row!).getByRole('textbox', { name: 'Claim' }), 'region');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Each attribute needs a name/)).toBeVisible();
    expect(saved).toHaveLength(0);

    await userEvent.clear(within(row!).getByRole('textbox', { name: 'Attribute' }));
    await userEvent.type(within(row!).getByRole('textbox', { name: 'Attribute' }), 'region');
    await userEvent.click(screen.getByRole('button', { name: 'Add attribute from a claim' }));
    const second = screen.getAllByTestId('attribute-claim')[1]!;
    await userEvent.type(within(second).getByRole('textbox', { name: 'Attribute' }), 'team');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Claim' }), 'groups');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ attributeClaims: { region: 'region', team: 'groups' } });
  });

  it('asks for a break-glass administrator when single sign-on is required', async () => {
    const saved = stubServer(() => jsonResponse(stored));
    await renderWithProviders(<SignInSettingsForm />);
    await userEvent.click(await screen.findByRole('switch', { name: /Require single sign-on/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Choose the administrator who may still sign in with a password.'),
    ).toBeVisible();
    expect(saved).toHaveLength(0);
  });

  it('explains a domain of another organisation (409) and a provider without a valid discovery document', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let status = 409;
    stubServer(() =>
      jsonResponse(
        {
          error: {
            code: status === 409 ? 'CONFLICT' : 'BAD_REQUEST',
            message: status === 409 ? 'domains: x' : 'issuerUrl: no document',
          },
        },
        status,
      ),
    );
    await renderWithProviders(<SignInSettingsForm />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('One of these domains already belongs to another organisation.'),
    ).toBeVisible();
    status = 400;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/No valid OpenID Connect discovery document/)).toBeVisible();
  });
});
