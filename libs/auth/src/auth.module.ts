import {
  createParamDecorator,
  type DynamicModule,
  type ExecutionContext,
  ForbiddenException,
  Global,
  Inject,
  Injectable,
  Module,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard, PassportModule, PassportStrategy } from '@nestjs/passport';
import { declaredLevel, refusalDetail, routeKey, SESSION_ENDED_DETAIL } from '@sixa/contracts';
import jwt from 'jsonwebtoken';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { RevocationList } from './revocations';
import {
  claimsToUser,
  JwksKeyStore,
  jwtVerifyOptions,
  TOKEN_ALGORITHM,
  TokenError,
  type AuthUser,
  type KeyResolver,
  type TokenSettings,
} from './tokens';

export const AUTH_OPTIONS = Symbol('AUTH_OPTIONS');
export const KEY_RESOLVER = Symbol('KEY_RESOLVER');
/** Optional: a service that owns accounts checks each request against its own records. */
export const ACCOUNT_CHECK = Symbol('ACCOUNT_CHECK');
/** Returns the user as the owner's records have it now (role included), or null to refuse the token. */
export type AccountCheck = (user: AuthUser) => Promise<AuthUser | null>;

export interface AuthModuleOptions extends TokenSettings {
  /** Where the public keys are (the auth service's JWKS), unless a keyResolver provider is given. */
  jwksUrl?: string;
}

interface FactoryOf<T> {
  useFactory: (...args: any[]) => T;
  inject?: any[];
}

export interface AuthModuleExtras {
  imports?: DynamicModule['imports'];
  keyResolver?: FactoryOf<KeyResolver>;
  accountCheck?: FactoryOf<AccountCheck>;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
  if (!user) throw new UnauthorizedException({ detail: 'Not signed in' });
  return user;
});

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AUTH_OPTIONS) options: AuthModuleOptions,
    @Inject(KEY_RESOLVER) resolveKey: KeyResolver,
    private readonly revocations: RevocationList,
    @Inject(ACCOUNT_CHECK) private readonly accountCheck: AccountCheck | null,
  ) {
    super({
      // Only the Authorization header: a token in a query string is ignored (and so a 401).
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      ignoreExpiration: false,
      ...jwtVerifyOptions(options),
      secretOrKeyProvider: (_req: unknown, rawToken: string, done: (err: unknown, key?: string) => void) => {
        const decoded = jwt.decode(rawToken, { complete: true });
        if (!decoded || decoded.header.alg !== TOKEN_ALGORITHM) return done(new TokenError('algorithm not accepted'));
        resolveKey(decoded.header.kid).then(
          // The key object itself (jsonwebtoken takes one): no PEM to write and parse again per request.
          (key) => done(null, key as unknown as string),
          (e: unknown) => done(e),
        );
      },
    });
  }

  async validate(payload: jwt.JwtPayload): Promise<AuthUser> {
    const claimed = claimsToUser(payload);
    if (this.revocations.isRevoked(claimed.id, claimed.iat))
      throw new UnauthorizedException({ detail: 'Session revoked' });
    if (this.revocations.isSessionEnded(claimed.sid)) throw new UnauthorizedException({ detail: SESSION_ENDED_DETAIL });
    const user = this.revocations.withCurrentRole(claimed);
    if (!this.accountCheck) return user;
    const current = await this.accountCheck(user);
    if (!current) throw new UnauthorizedException({ detail: 'This account is inactive or no longer exists' });
    return current;
  }
}

/** What the guard reads of a request: Fastify's matched route pattern, and the user once signed in. */
interface GuardedRequest {
  method: string;
  url: string;
  routeOptions?: { url?: string };
  user?: AuthUser;
}

/**
 * Who may call the route the request matched, as ROUTE_ACCESS (libs/contracts route-access.ts)
 * declares it for its method and path pattern: no decorator on the handler can say otherwise.
 * `public` and `internal` routes need no token; the others a valid one (else 401) of a role that
 * meets the level (else 403 with why). A route the table does not declare is refused (and a process
 * registering one does not start: libs/observability http-app.ts).
 */
@Injectable()
export class RouteAccessGuard extends AuthGuard('jwt') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<GuardedRequest>();
    const pattern = req.routeOptions?.url;
    const level = pattern === undefined ? undefined : declaredLevel(req.method, pattern);
    if (!level) {
      throw new ForbiddenException({
        detail: `${routeKey(req.method, pattern ?? req.url.split('?')[0]!)} has no access declaration: refused`,
      });
    }
    if (level === 'public' || level === 'internal') return true;
    await super.canActivate(context);
    const detail = req.user ? refusalDetail(req.user.role, level) : 'Not signed in';
    if (detail) throw new ForbiddenException({ detail });
    return true;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err instanceof UnauthorizedException) throw err;
    if (err || !user) throw new UnauthorizedException({ detail: 'Missing or invalid access token' });
    return user;
  }
}

/**
 * Every route is checked against its declaration (RouteAccessGuard). Global: import once in the app module.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: AuthModuleOptions, extras: AuthModuleExtras = {}): DynamicModule {
    return {
      module: AuthModule,
      imports: [PassportModule, ...(extras.imports ?? [])],
      providers: [
        { provide: AUTH_OPTIONS, useValue: options },
        extras.keyResolver
          ? { provide: KEY_RESOLVER, ...extras.keyResolver }
          : {
              provide: KEY_RESOLVER,
              useFactory: () => {
                if (!options.jwksUrl) throw new Error('AuthModule needs jwksUrl or a keyResolver provider');
                return new JwksKeyStore(options.jwksUrl).resolve;
              },
            },
        extras.accountCheck
          ? { provide: ACCOUNT_CHECK, ...extras.accountCheck }
          : { provide: ACCOUNT_CHECK, useValue: null },
        RevocationList,
        JwtStrategy,
        { provide: APP_GUARD, useClass: RouteAccessGuard },
      ],
      exports: [RevocationList, KEY_RESOLVER, AUTH_OPTIONS],
    };
  }
}
