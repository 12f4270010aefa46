import { Alert, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

type State = 'loading' | 'ready' | 'failed';

/**
 * A PDF's pages drawn into canvases with pdf.js (loaded with this page only). Not the browser's own
 * PDF viewer in a frame: in Chromium that viewer takes the page's focus when it loads, and the
 * signer's next click (on Draw, on the consent) is then lost.
 */
export function PdfPages({ url, title, openHref }: { url: string; title: string; openHref: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | null = null;
    setState('loading');
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const loading = pdfjs.getDocument({ url, isEvalSupported: false });
      destroy = () => loading.destroy();
      const pdf = await loading.promise;
      const box = holder.current;
      if (!box || cancelled) return;
      box.replaceChildren();
      const width = Math.max(box.clientWidth, 320);
      const ratio = window.devicePixelRatio || 1;
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        if (cancelled) return;
        const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, page ${n} of ${pdf.numPages}`);
        Object.assign(canvas.style, { display: 'block', width: '100%', borderBottom: '1px solid rgba(0,0,0,0.08)' });
        box.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState('ready');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [url, title]);

  return (
    // Scrolls on its own: reachable by keyboard (Tab, then the arrow keys) and named.
    <div
      tabIndex={0}
      role="region"
      aria-label="Document pages"
      style={{ maxHeight: '75vh', overflow: 'auto', background: '#f0f0f0' }}
    >
      {state === 'loading' ? <Skeleton active paragraph={{ rows: 8 }} style={{ padding: 24 }} /> : null}
      {state === 'failed' ? (
        <Alert
          type="warning"
          showIcon
          style={{ margin: 16 }}
          title="The document could not be shown here"
          description={
            <Typography.Link href={openHref} target="_blank" rel="noopener noreferrer">
              Open the PDF in a new tab
            </Typography.Link>
          }
        />
      ) : null}
      <div ref={holder} data-testid="pdf-pages" aria-label={`${title} (PDF)`} />
    </div>
  );
}
