import { describe, expect, it } from 'vitest';
import { issuerUrlProblem } from '../src/features/sign-in/issuer-policy';

// docs/decisions/020-single-sign-on.md: https only; plain http and loopback addresses only outside production.
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
    expect(issuerUrlProblem('https://user:pw@login.example.com', { allowLoopback: true })).toMatch(/user name/);
  });
});
