import {
  type CanActivate,
  createParamDecorator,
  type DynamicModule,
  type ExecutionContext,
  ForbiddenException,
  Global,
  Inject,
  Injectable,
  Module,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { AuthGuard, PassportModule, PassportStrategy } from '@nestjs/passport';
import {
  hasAccess,
  isReadOnlyRole,
  PUBLIC_ROUTE_KEY,
  READ_ONLY_ROLE_DETAIL,
  SAFE_METHODS,
  SESSION_ENDED_DETAIL,
  type AccessLevel,
} from '@sixa/contracts';
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

const IS_PUBLIC = PUBLIC_ROUTE_KEY;
const ACCESS_LEVEL = 'auth:level';
const VIEWER_MAY_WRITE = 'auth:viewer-may-write';

/** The route needs no token (login, the demo helpers, health). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** The route needs this access level (spec part 1 section 6); 'admin' is admin-only. */
export const RequireLevel = (level: AccessLevel) => SetMetadata(ACCESS_LEVEL, level);
/**
 * A write a viewer (read-only role) may still make: its own session or profile choices only. Every
 * route so marked is listed in VIEWER_WRITABLE_ROUTES (libs/contracts routes.ts), which the gateway
 * follows; keep the two in step.
 */
export const ViewerMayWrite = () => SetMetadata(VIEWER_MAY_WRITE, true);

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

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<T>(err: unknown, user: T): T {
    if (err instanceof UnauthorizedException) throw err;
    if (err || !user) throw new UnauthorizedException({ detail: 'Missing or invalid access token' });
    return user;
  }
}

@Injectable()
export class AccessLevelGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const level = this.reflector.getAllAndOverride<AccessLevel>(ACCESS_LEVEL, targets) ?? 'any';
    const req = context.switchToHttp().getRequest<{ user?: AuthUser; method?: string }>();
    const user = req.user;
    if (!hasAccess(user?.role, level)) {
      throw new ForbiddenException({ detail: "You don't have permission to access this feature." });
    }
    if (
      isReadOnlyRole(user?.role) &&
      !SAFE_METHODS.includes(String(req.method).toUpperCase()) &&
      !this.reflector.getAllAndOverride<boolean>(VIEWER_MAY_WRITE, targets)
    ) {
      throw new ForbiddenException({ detail: READ_ONLY_ROLE_DETAIL });
    }
    return true;
  }
}

/**
 * Every route needs a valid access token unless marked @Public(), and the access level it names.
 * Global: import once in the app module.
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
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: AccessLevelGuard },
      ],
      exports: [RevocationList, KEY_RESOLVER, AUTH_OPTIONS],
    };
  }
}
