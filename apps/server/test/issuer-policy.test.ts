import { describe, expect, it } from 'vitest';
import {
  endpointsOf,
  endpointUrlProblem,
  issuerUrlProblem,
} from '../src/features/single-sign-on/issuer-policy';

// docs/decisions/020-single-sign-on.md: https only; plain http and loopback addresses only outside
// production, and then only for a provider whose issuer and endpoints are all on this machine.
describe('issuer URLs an administrator may register', () => {
  it('accepts https and, outside production, loopback addresses over http', () => {
    expect(issuerUrlProblem('https://login.example.com/tenant/v2.0', { allowLoopback: false })).toBeNull();
    expect(issuerUrlProblem('http://127.0.0.1:4000', { allowLoopback: true })).toBeNull();
    expect(issuerUrlProblem('http://localhost:4000', { allowLoopback: true })).toBeNull();
  });

  it('refuses plain http elsewhere, and loopback addresses in production', () => {
    expect(issuerUrlProblem('http://login.example.com', { allowLoopback: true })).toMatch(/https/);
    expect(issuerUrlProblem('http://127.0.0.1:4000', { allowLoopback: false })).toMatch(/loopback/);
    expect(issuerUrlProblem('https://[::1]:4000', { allowLoopback: false })).toMatch(/loopback/);
    expect(issuerUrlProblem('not a url', { allowLoopback: true })).toMatch(/not a URL/);
    expect(issuerUrlProblem('https://user:pw@login.example.com', { allowLoopback: true })).toMatch(
      /user name/,
    );
  });

  it('knows every spelling of loopback: 0.0.0.0, IPv4-mapped, [::], *.localhost, short and hex forms', () => {
    for (const issuer of [
      'https://0.0.0.0:4000',
      'https://[::ffff:127.0.0.1]:4000',
      'https://[::]:4000',
      'https://idp.localhost',
      'https://LOCALHOST.',
      'https://127.1',
      'https://0x7f000001',
    ]) {
      expect(issuerUrlProblem(issuer, { allowLoopback: false }), issuer).toMatch(/loopback/);
    }
    expect(issuerUrlProblem('http://idp.localhost:4000', { allowLoopback: true })).toBeNull();
  });
});

describe('the endpoints of a discovery document', () => {
  const document = {
    issuer: 'https://login.example.com',
    authorization_endpoint: 'https://login.example.com/authorize',
    token_endpoint: 'https://login.example.com/token',
    jwks_uri: 'https://login.example.com/keys',
    userinfo_endpoint: 'https://login.example.com/me',
    service_documentation: 'https://docs.example.com',
    mtls_endpoint_aliases: { token_endpoint: 'https://mtls.example.com/token' },
  };

  it('are every endpoint, the keys and the mTLS aliases (not the documentation links)', () => {
    expect(endpointsOf(document).map((endpoint) => endpoint.field)).toEqual([
      'authorization_endpoint',
      'token_endpoint',
      'jwks_uri',
      'userinfo_endpoint',
      'mtls_endpoint_aliases.token_endpoint',
    ]);
  });

  it('must be https, and all on this machine for a local provider (plain http only then)', () => {
    expect(
      endpointUrlProblem('token_endpoint', 'https://login.example.com/token', { local: false }),
    ).toBeNull();
    expect(endpointUrlProblem('token_endpoint', 'http://login.example.com/token', { local: false })).toMatch(
      /https/,
    );
    expect(endpointUrlProblem('jwks_uri', 'http://127.0.0.1:4000/keys', { local: true })).toBeNull();
    // A loopback issuer's permission for plain http does not reach another host.
    expect(endpointUrlProblem('token_endpoint', 'http://10.0.0.5/token', { local: true })).toMatch(
      /this machine/,
    );
    expect(endpointUrlProblem('token_endpoint', 'https://login.example.com/token', { local: true })).toMatch(
      /this machine/,
    );
  });
});
