import { ConfigError, EnvReader } from '@sixa/observability';
import { readBaseServiceConfig, readServiceConfig } from './service-config';

describe(readServiceConfig.name, () => {
  const read = (env: Record<string, string>) => readServiceConfig(new EnvReader(env), { port: 3002, db: 'crm' });

  it("reads the shared part with the service's own port and database as defaults", () => {
    expect(read({})).toEqual({
      port: 3002,
      host: '127.0.0.1',
      mongoUrl: 'mongodb://127.0.0.1:27017',
      mongoDb: 'crm',
      kafkaBrokers: ['127.0.0.1:9092'],
      kafkaNamespace: '',
      jwksUrl: 'http://127.0.0.1:3001/auth/.well-known/jwks.json',
      issuer: 'sixa-auth',
      audience: 'sixa-api',
      trustProxyHops: 1,
      logLevel: 'info',
    });
  });

  it('takes what the environment sets', () => {
    const config = read({
      PORT: '0',
      MONGO_DB: 'crm-test',
      KAFKA_BROKERS: 'a:1, b:2',
      KAFKA_NAMESPACE: 'staging',
      JWKS_URL: 'http://auth:3001/k/',
    });
    expect(config).toMatchObject({
      port: 0,
      mongoDb: 'crm-test',
      kafkaBrokers: ['a:1', 'b:2'],
      kafkaNamespace: 'staging',
      jwksUrl: 'http://auth:3001/k',
    });
  });

  it('stops on a bad variable, naming it', () => {
    expect(() => read({ PORT: '70000' })).toThrow(
      new ConfigError('PORT must be an integer between 0 and 65535, got "70000"'),
    );
    expect(() => read({ JWKS_URL: 'nowhere' })).toThrow(new ConfigError('JWKS_URL must be a URL, got "nowhere"'));
    expect(() => read({ KAFKA_NAMESPACE: 'Staging.1' })).toThrow(
      new ConfigError(
        'KAFKA_NAMESPACE "Staging.1" must be 1 to 48 lower-case letters, digits, "_" or "-", starting with a letter or digit',
      ),
    );
  });

  it('leaves the key set out for the service that signs the tokens', () => {
    const config = readBaseServiceConfig(new EnvReader({ JWKS_URL: 'nowhere' }), { port: 3001, db: 'auth' });
    expect(config).not.toHaveProperty('jwksUrl');
    expect(config.mongoDb).toBe('auth');
  });
});
