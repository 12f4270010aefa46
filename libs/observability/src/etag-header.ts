import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';

interface ReplyLike {
  header(name: string, value: string): unknown;
}

/**
 * A record answered alone (GET by id, an edit's answer, a create's) carries its revision tag in
 * `etag`; this sends it as the `ETag` header too (quoted, as HTTP has it), for every route of every
 * service, so that a client may take it from either. Lists and other answers are left alone.
 */
@Injectable()
export class EtagHeaderInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        const etag = (body as { etag?: unknown } | null)?.etag;
        if (body && typeof body === 'object' && !Array.isArray(body) && typeof etag === 'string' && etag)
          context.switchToHttp().getResponse<ReplyLike>().header('etag', `"${etag}"`);
        return body;
      }),
    );
  }
}
