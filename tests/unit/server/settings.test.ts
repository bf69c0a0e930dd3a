import { describe, expect, it } from 'vitest';
import { loadSettings, publicAddress, SettingsError } from '../../../server/settings.ts';

describe('the server settings', () => {
  it('are the schema defaults when nothing is set, with paths from the project folder', () => {
    const settings = loadSettings({}, '/srv/site');
    expect(settings).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      production: false,
      sqliteFile: '/srv/site/.data/site.db',
      distDir: '/srv/site/dist',
      outboxDir: '/srv/site/.data/outbox',
      rateLimits: true,
      log: true,
      lookupBudget: 30,
      demoCertificates: true,
      trustProxy: false,
      allowedOrigins: [],
      passwordHashCost: 'owasp',
    });
  });

  it("hash passwords at a test's cost only when told, and never in production", () => {
    expect(loadSettings({ PASSWORD_HASH_COST: 'test' }).passwordHashCost).toBe('test');
    expect(() => loadSettings({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' })).toThrow(
      /^The setting PASSWORD_HASH_COST="test" cannot be used with NODE_ENV="production": it hashes passwords at a cost meant for tests/,
    );
    expect(loadSettings({ PASSWORD_HASH_COST: 'owasp', NODE_ENV: 'production', PUBLIC_URL: 'https://interncraft.in' }).passwordHashCost).toBe('owasp');
  });

  it("compress a build at the tests' quality only when told, and never in production", () => {
    expect(loadSettings({}).buildCompression).toBe('best');
    expect(loadSettings({ BUILD_COMPRESSION: 'fast' }).buildCompression).toBe('fast');
    expect(() => loadSettings({ BUILD_COMPRESSION: 'fast', NODE_ENV: 'production', PUBLIC_URL: 'https://interncraft.in' })).toThrow(
      /^The setting BUILD_COMPRESSION="fast" cannot be used with NODE_ENV="production": it compresses pages at a quality meant for/,
    );
  });

  it('refuse a production start without PUBLIC_URL: its links would guess the server (issue 37); elsewhere this machine', () => {
    expect(() => loadSettings({ NODE_ENV: 'production' })).toThrow(/^The setting PUBLIC_URL is needed with NODE_ENV="production"/);
    const production = loadSettings({ NODE_ENV: 'production', PUBLIC_URL: 'https://staging.interncraft.in' });
    expect(publicAddress(production)).toBe('https://staging.interncraft.in');
    expect(publicAddress(loadSettings({ PORT: '5313' }))).toBe('http://localhost:5313');
    expect(publicAddress(loadSettings({ PORT: '5313', PUBLIC_URL: 'http://192.168.1.20:5313' }))).toBe('http://192.168.1.20:5313');
  });

  it('read each variable as the README says: numbers, lists, on/off, production', () => {
    const settings = loadSettings(
      {
        PORT: '8080',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://interncraft.in',
        TRUST_PROXY: '10.0.0.2, 10.0.1.0/24',
        ALLOWED_ORIGINS: 'https://a.example,https://b.example',
        RATE_LIMITS: 'off',
        HASH_CONCURRENCY: '3',
        SQLITE_FILE: ':memory:',
        UNRELATED: 'ignored',
      },
      '/srv/site',
    );
    expect(settings).toMatchObject({
      port: 8080,
      production: true,
      demoCertificates: false,
      trustProxy: ['10.0.0.2', '10.0.1.0/24'],
      allowedOrigins: ['https://a.example', 'https://b.example'],
      rateLimits: false,
      hashing: { concurrency: 3, queue: 8 },
      sqliteFile: ':memory:',
    });
    expect(loadSettings({ TRUST_PROXY: '1', HOST: '127.0.0.1' }).trustProxy).toBe(1);
    // An empty variable (VAR= in a shell file) is as good as unset.
    expect(loadSettings({ PORT: '' }).port).toBe(5000);
  });

  it.each([
    ['PORT', 'eighty', 'PORT takes a port number from 0 to 65535.'],
    ['PORT', '70000', 'PORT takes a port number from 0 to 65535.'],
    ['RATE_LIMITS', 'no', 'RATE_LIMITS takes on or off.'],
    ['PASSWORD_HASH_COST', 'cheap', 'PASSWORD_HASH_COST takes owasp, or test (never with NODE_ENV=production).'],
    ['BUILD_COMPRESSION', 'none', 'BUILD_COMPRESSION takes best, or fast (never with NODE_ENV=production).'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL takes a URL starting postgres:// or postgresql://.'],
    ['TRUST_PROXY', 'everyone', 'TRUST_PROXY takes addresses or CIDR ranges separated by commas, a hop count, or false.'],
    ['CERTIFICATE_ID_PATTERN', '[unclosed', 'CERTIFICATE_ID_PATTERN takes a regular expression.'],
  ])('refuse %s=%s with a sentence naming the variable and what it takes', (name, value, takes) => {
    let error: unknown;
    try {
      loadSettings({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SettingsError);
    expect((error as Error).message).toBe(`The setting ${name}=${JSON.stringify(value)} cannot be used: ${takes}`);
  });

  describe('TRUST_PROXY as a hop count', () => {
    const refusal = (host: string) =>
      `The setting TRUST_PROXY="1" cannot be used with HOST=${JSON.stringify(host)}: a hop count believes X-Forwarded-For from whoever reaches the server, ` +
      'and on that address clients reach it directly and could write their own. ' +
      "Name the proxy's address or range instead (TRUST_PROXY=10.0.0.2), or listen only on a loopback or private address (HOST=127.0.0.1).";

    it.each(['0.0.0.0', '::', '203.0.113.7', '2001:db8::1', 'example.com'])('is refused while the server listens on %s, naming both settings', (host) => {
      let error: unknown;
      try {
        loadSettings({ TRUST_PROXY: '1', ...(host === '0.0.0.0' ? {} : { HOST: host }) });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(SettingsError);
      expect((error as Error).message).toBe(refusal(host));
    });

    it.each(['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', '10.0.0.5', '172.16.4.2', '172.31.255.1', '192.168.1.20', 'fd12:3456::1'])(
      'is taken while the server listens on the loopback or private address %s',
      (host) => {
        expect(loadSettings({ TRUST_PROXY: '2', HOST: host }).trustProxy).toBe(2);
      },
    );

    it('is not needed for the proxies named by address, nor for a count of none', () => {
      expect(loadSettings({ TRUST_PROXY: '10.0.0.2' }).trustProxy).toEqual(['10.0.0.2']);
      expect(loadSettings({ TRUST_PROXY: '0' }).trustProxy).toBe(0);
      expect(loadSettings({ TRUST_PROXY: '172.32.0.1', HOST: '172.32.0.1' }).trustProxy).toEqual(['172.32.0.1']);
    });
  });

  it('name every wrong variable at once', () => {
    expect(() => loadSettings({ PORT: 'x', LOG: 'maybe' })).toThrow(/PORT="x"[\s\S]*\n[\s\S]*LOG="maybe"/);
  });
});
