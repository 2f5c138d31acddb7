import { AccountLoginLimiter } from './account-login-limiter';

describe('AccountLoginLimiter', () => {
  let clock = 0;
  const limiter = () => new AccountLoginLimiter(3, 60_000, () => clock);

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('blocks an account after the limit of failures within a minute, whatever the case of the name', () => {
    const subject = limiter();
    subject.recordFailure('Admin');
    subject.recordFailure('admin');
    expect(subject.isBlocked('ADMIN')).toBe(false);
    subject.recordFailure('admin');
    expect(subject.isBlocked('admin')).toBe(true);
    expect(subject.isBlocked('someone-else')).toBe(false);
  });

  it('forgets failures older than the window', () => {
    const subject = limiter();
    for (let i = 0; i < 3; i++) subject.recordFailure('admin');
    clock += 60_001;
    expect(subject.isBlocked('admin')).toBe(false);
  });

  it('starts again after a successful login', () => {
    const subject = limiter();
    for (let i = 0; i < 3; i++) subject.recordFailure('admin');
    subject.reset('admin');
    expect(subject.isBlocked('admin')).toBe(false);
  });
});
