import { theme } from 'antd';
import AppContext, { type AppConfig, type useAppProps } from 'antd/es/app/context';
import { lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** What `App.useApp()` gives: antd's message, notification and modal, in the current theme. */
export type FeedbackApi = useAppProps;
export type MessageConfig = AppConfig['message'];

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/**
 * antd's message, notification and modal: what `App.useApp()` gives, without importing antd's `App`
 * component (which brings all three, Modal included, into the chunk of whoever imports it).
 */
export function useFeedback(): FeedbackApi {
  return useContext(AppContext);
}

type Section = keyof FeedbackApi;

/**
 * Stands in for antd's `App` component: `App.useApp()` (which many screens call) keeps giving
 * message, notification and modal, but their code (and Modal's) is fetched on the first call rather
 * than with every screen; the call is made once it has arrived (nothing of this app uses their return
 * values, so they resolve to a promise of antd's). Also gives the text inside the same base style
 * as antd's App (colour, font, size, line height).
 */
interface FeedbackProps {
  messageConfig: MessageConfig;
  children: ReactNode;
}

export function Feedback({ messageConfig, children }: FeedbackProps) {
  const { token } = theme.useToken();
  const [wanted, setWanted] = useState(false);
  const ready = useRef<{ promise: Promise<FeedbackApi>; resolve: (api: FeedbackApi) => void } | null>(null);
  if (!ready.current) {
    let resolve!: (api: FeedbackApi) => void;
    const promise = new Promise<FeedbackApi>((r) => (resolve = r));
    ready.current = { promise, resolve };
  }
  const onReady = useCallback((api: FeedbackApi) => ready.current?.resolve(api), []);
  // A call whose host arrives as the app goes away (a sign-out's reload, a test's teardown) is
  // dropped: antd's holder is gone by the time the promise's callback runs.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const api = useMemo(() => {
    const section = (name: Section) =>
      new Proxy(
        {},
        {
          // Methods only: not a thenable, nothing under symbols (inspection, await).
          get: (_target, method) =>
            typeof method !== 'string' || method === 'then'
              ? undefined
              : (...args: unknown[]) => {
                  setWanted(true);
                  return ready.current?.promise.then((loaded) =>
                    mounted.current
                      ? (loaded[name] as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args)
                      : undefined,
                  );
                },
        },
      );
    return {
      message: section('message'),
      notification: section('notification'),
      modal: section('modal'),
    } as FeedbackApi;
  }, []);

  return (
    <AppContext.Provider value={api}>
      <div
        style={{
          color: token.colorText,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          fontFamily: token.fontFamily,
        }}
      >
        {children}
      </div>
      {wanted ? (
        <Suspense fallback={null}>
          <FeedbackHost messageConfig={messageConfig} onReady={onReady} />
        </Suspense>
      ) : null}
    </AppContext.Provider>
  );
}
