import { redisConnectionOptions } from './redis-connection';

describe('redisConnectionOptions', () => {
  it('reads host and default port', () => {
    expect(redisConnectionOptions('redis://127.0.0.1')).toEqual({ host: '127.0.0.1', port: 6379 });
  });

  it('reads credentials, database and TLS', () => {
    expect(redisConnectionOptions('rediss://user:p%40ss@cache.example.com:6380/2')).toEqual({
      host: 'cache.example.com',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      tls: {},
    });
  });
});
