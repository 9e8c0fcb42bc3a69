import { describe, expect, it } from 'vitest';
import { frameUrlProblem } from './app-routes';

// The catalogue's frame URL field checks an address as the server does (decision 015) when it loses focus.
describe('frameUrlProblem', () => {
  const allowed = ['https://bi.example.com'];

  it.each([
    ['/embedded/kpi-glossary?lang={lang}', null],
    ['https://bi.example.com/report/1', null],
    ['', 'empty'],
    ['https://app.powerbi.com/reportEmbed?reportId=1', 'other-site'],
    ['http://bi.example.com/report/1', 'not-https'],
    ['//evil.example/x', 'invalid'],
    ['/\t/evil.example', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['not a url', 'invalid'],
  ] as const)('%j → %s', (url, problem) => {
    expect(frameUrlProblem(url, allowed)).toBe(problem);
  });

  it('allows no other site when none is configured', () => {
    expect(frameUrlProblem('https://bi.example.com/report/1', [])).toBe('other-site');
  });
});
