import { describe, expect, it } from 'vitest';
import { hasAuthority, ratingText, roleName } from './members';

describe('ratingText', () => {
  it.each([
    [{ rating: 1200, rating_status: 'unrated' as const }, 'unrated'],
    [{ rating: 1850, rating_status: 'declared' as const }, '1850 (declared)'],
    [{ rating: 1912, rating_status: 'rated' as const }, '1912'],
  ])('%o → %s', (m, want) => {
    expect(ratingText(m)).toBe(want);
  });
});

describe('roles', () => {
  it.each([
    ['member', false, ''],
    ['arbiter', true, 'arbiter'],
    ['admin', true, 'admin'],
  ] as const)('%s', (role, authority, name) => {
    expect(hasAuthority({ role })).toBe(authority);
    expect(roleName(role)).toBe(name);
  });
  it('gives no authority to nobody', () => {
    expect(hasAuthority(null)).toBe(false);
  });
});
