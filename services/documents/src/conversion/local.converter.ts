import type { ConvertSourceFormat } from '@sixa/contracts';
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserServer } from 'playwright-core';
import { ConversionError, ConversionErrorCode } from './conversion.errors';
import { abortion, ConversionAborted, Converter } from './converter';
import { megabytes, type SourceFile } from './source-file';
import type { ZipDirectory } from './zip-directory';

export interface LocalConverterOptions {
  /** SOFFICE_PATH; null: looked up on PATH and in LibreOffice's usual places. */
  sofficePath: string | null;
  /** CHROMIUM_PATH; null: looked up on PATH and in Debian's usual places. */
  chromiumPath: string | null;
  /** One folder per conversion is made under it, and removed when the conversion ends. */
  tmpDir: string;
  maxOutputBytes: number;
}

const LIBREOFFICE_INSTALL =
  'apt-get install -y --no-install-recommends libreoffice-writer-nogui libreoffice-calc-nogui fonts-liberation2 fonts-crosextra-carlito (Debian/Ubuntu)';
const CHROMIUM_INSTALL = 'apt-get install -y chromium (Debian)';

/** Where the page is served from inside Chromium: a name that cannot resolve, answered from memory. */
const DOCUMENT_URL = 'http://document.invalid/';

/**
 * Converts with the machine's own tools: LibreOffice headless for docx, xlsx and txt, Chromium
 * headless (driven with playwright-core) for html. The local default when GOTENBERG_URL is unset.
 *
 * Nothing is fetched while converting. Chromium runs with JavaScript off, every request but the
 * page itself aborted (data: URLs never leave the page), and a proxy that leads nowhere behind that.
 * LibreOffice would load a docx's linked pictures from their URLs, so it runs in a network namespace
 * of its own with no interface up (`unshare --user --map-root-user --net`); where the kernel does not
 * allow that, files that link to outside content are refused instead.
 */
export class LocalConverter extends Converter {
  private soffice: string | null = null;
  private chromiumBin: string | null = null;
  private isolation: Promise<boolean> | null = null;

  constructor(private readonly options: LocalConverterOptions) {
    super();
  }

  async describe(): Promise<string> {
    const soffice = await this.sofficeBinary();
    const chromiumBin = await this.chromiumBinary();
    const isolated = soffice ? await this.networkIsolation() : false;
    return [
      `docx, xlsx, txt: ${soffice ? `LibreOffice (${soffice}${isolated ? ', no network' : ', linked content refused'})` : 'LibreOffice missing'}`,
      `html: ${chromiumBin ? `Chromium (${chromiumBin})` : 'Chromium missing'}`,
    ].join('; ');
  }

  async unavailable(format: ConvertSourceFormat): Promise<string | null> {
    if (format === 'html') {
      return (await this.chromiumBinary())
        ? null
        : `Converting html needs Chromium, which is not installed on the server: install it (${CHROMIUM_INSTALL}) or set CHROMIUM_PATH, or set GOTENBERG_URL to convert with Gotenberg`;
    }
    return (await this.sofficeBinary())
      ? null
      : `Converting ${format} needs LibreOffice (soffice), which is not installed on the server: install it (${LIBREOFFICE_INSTALL}) or set SOFFICE_PATH, or set GOTENBERG_URL to convert with Gotenberg`;
  }

  async convert(file: SourceFile, signal: AbortSignal): Promise<Buffer> {
    if (file.format === 'html') {
      const bin = await this.chromiumBinary();
      if (!bin) throw new Error('Chromium is not installed');
      return this.printHtml(bin, file, signal);
    }
    const bin = await this.sofficeBinary();
    if (!bin) throw new Error('LibreOffice is not installed');
    const isolated = await this.networkIsolation();
    if (!isolated && file.zip) refuseLinkedContent(file.zip, file.format);
    return this.runLibreOffice(bin, isolated, file, signal);
  }

  private async runLibreOffice(soffice: string, isolated: boolean, file: SourceFile, signal: AbortSignal) {
    await mkdir(this.options.tmpDir, { recursive: true });
    const dir = await mkdtemp(join(this.options.tmpDir, 'job-'));
    try {
      const input = join(dir, `document.${file.format}`);
      await writeFile(input, file.bytes);
      const args = [
        // A profile of its own: conversions running side by side do not share (and lock) one.
        `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`,
        '--headless',
        '--invisible',
        '--nodefault',
        '--nolockcheck',
        '--nologo',
        '--norestore',
        ...(file.format === 'txt' ? ['--infilter=Text (encoded):UTF8'] : []),
        '--convert-to',
        'pdf',
        '--outdir',
        join(dir, 'out'),
        input,
      ];
      const { code, output } = isolated
        ? await runKillable('unshare', ['--user', '--map-root-user', '--net', soffice, ...args], dir, signal)
        : await runKillable(soffice, args, dir, signal);
      const pdfPath = join(dir, 'out', 'document.pdf');
      const size = await stat(pdfPath).then(
        (s) => s.size,
        () => -1,
      );
      if (size <= 0) {
        throw new ConversionError(
          ConversionErrorCode.NotConvertible,
          `LibreOffice could not convert this ${file.format} file (is it damaged?)${code ? `: exit code ${code}` : ''}${lastLine(output)}`,
        );
      }
      if (size > this.options.maxOutputBytes) {
        throw new ConversionError(
          ConversionErrorCode.FileTooLarge,
          `The PDF would be ${megabytes(size)}, more than the ${megabytes(this.options.maxOutputBytes)} this server returns`,
        );
      }
      return await readFile(pdfPath);
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    }
  }

  private async printHtml(executablePath: string, file: SourceFile, signal: AbortSignal): Promise<Buffer> {
    const stopped = abortion(signal);
    let server: BrowserServer | undefined;
    const kill = () => void server?.kill().catch(() => {});
    signal.addEventListener('abort', kill, { once: true });
    const work = (async () => {
      server = await chromium.launchServer({
        executablePath,
        host: '127.0.0.1',
        env: childEnv(),
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        args: [
          // Behind the request interception: were anything to get past it, it would meet a proxy
          // that leads nowhere (loopback included) and names that do not resolve.
          '--proxy-server=http://127.0.0.1:9',
          '--proxy-bypass-list=<-loopback>',
          '--host-resolver-rules=MAP * ~NOTFOUND',
          '--no-pings',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-domain-reliability',
          '--disable-sync',
        ],
      });
      if (signal.aborted) {
        kill();
        throw new ConversionAborted();
      }
      const browser = await chromium.connect(server.wsEndpoint());
      try {
        const context = await browser.newContext({
          javaScriptEnabled: false,
          serviceWorkers: 'block',
          acceptDownloads: false,
        });
        const page = await context.newPage();
        page.setDefaultTimeout(0);
        await page.route('**/*', (route) => {
          const request = route.request();
          if (request.url() === DOCUMENT_URL && request.frame() === page.mainFrame()) {
            return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: file.bytes });
          }
          // A navigation away (a meta refresh) answered "no content" keeps the document on screen.
          if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
            return route.fulfill({ status: 204 });
          }
          return route.abort('blockedbyclient');
        });
        await page.goto(DOCUMENT_URL, { waitUntil: 'load' });
        const pdf = await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          margin: { top: '1cm', right: '1cm', bottom: '1cm', left: '1cm' },
        });
        if (pdf.length > this.options.maxOutputBytes) {
          throw new ConversionError(
            ConversionErrorCode.FileTooLarge,
            `The PDF would be ${megabytes(pdf.length)}, more than the ${megabytes(this.options.maxOutputBytes)} this server returns`,
          );
        }
        return pdf;
      } finally {
        await browser.close().catch(() => {});
      }
    })();
    work.catch(() => {});
    try {
      return await Promise.race([stopped.promise, work]);
    } catch (e) {
      throw signal.aborted ? new ConversionAborted() : e;
    } finally {
      stopped.dispose();
      signal.removeEventListener('abort', kill);
      if (server) await (signal.aborted ? server.kill() : server.close()).catch(() => {});
    }
  }

  private async sofficeBinary(): Promise<string | null> {
    this.soffice ??= await findExecutable(
      this.options.sofficePath,
      ['soffice', 'libreoffice'],
      ['/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'],
    );
    return this.soffice;
  }

  private async chromiumBinary(): Promise<string | null> {
    this.chromiumBin ??= await findExecutable(
      this.options.chromiumPath,
      ['chromium', 'chromium-browser'],
      ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
    );
    return this.chromiumBin;
  }

  /** Whether this kernel lets an unprivileged process have a network namespace of its own (asked once). */
  private networkIsolation(): Promise<boolean> {
    this.isolation ??= new Promise((resolve) => {
      const child = spawn('unshare', ['--user', '--map-root-user', '--net', 'true'], { stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
    });
    return this.isolation;
  }

  /** Removes what conversions of an earlier run of this process left behind (a crash mid-conversion). */
  async sweepLeftovers(olderThanMs: number): Promise<void> {
    const entries = await readdir(this.options.tmpDir).catch(() => [] as string[]);
    for (const name of entries.filter((n) => n.startsWith('job-'))) {
      const path = join(this.options.tmpDir, name);
      const s = await stat(path).catch(() => null);
      if (s && Date.now() - s.mtimeMs > olderThanMs) await rm(path, { recursive: true, force: true });
    }
  }
}

/** The environment a converter process gets: none of this service's own (its secrets stay here). */
function childEnv(home?: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    ...(home ? { HOME: home, TMPDIR: home } : {}),
  };
}

/**
 * Runs a process in a process group of its own; when `signal` aborts, the whole group is killed
 * (LibreOffice's launcher starts soffice.bin as a child) and the promise rejects.
 */
function runKillable(
  cmd: string,
  args: string[],
  dir: string,
  signal: AbortSignal,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ConversionAborted());
    const child = spawn(cmd, args, { cwd: dir, env: childEnv(dir), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    signal.addEventListener('abort', killGroup, { once: true });
    child.once('error', (e) => {
      signal.removeEventListener('abort', killGroup);
      reject(e);
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', killGroup);
      // Nothing of the group may outlive the conversion.
      killGroup();
      if (signal.aborted) reject(new ConversionAborted());
      else resolve({ code, output });
    });
  });
}

async function findExecutable(configured: string | null, names: string[], places: string[]): Promise<string | null> {
  const candidates = configured
    ? [configured]
    : [
        ...(process.env.PATH ?? '')
          .split(delimiter)
          .filter(Boolean)
          .flatMap((d) => names.map((n) => join(d, n))),
        ...places,
      ];
  for (const c of candidates) {
    if (
      await access(c, constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return c;
  }
  return null;
}

function lastLine(output: string): string {
  const line = output
    .trim()
    .split('\n')
    .filter((l) => !/javaldx/.test(l))
    .pop();
  return line ? ` (${line.trim().slice(0, 200)})` : '';
}

/**
 * Without a network namespace LibreOffice would fetch what a document links to (a docx's linked
 * pictures, a workbook's external links and data connections): such files are refused.
 */
function refuseLinkedContent(zip: ZipDirectory, format: 'docx' | 'xlsx' | 'txt' | 'html') {
  const found = new Set<string>();
  for (const name of zip.names) {
    if (name.startsWith('xl/externalLinks/')) found.add('a link to another workbook');
    else if (name === 'xl/connections.xml') found.add('a data connection');
    else if (name.endsWith('.rels')) {
      for (const rel of zip.text(name)?.match(/<Relationship\b[^>]*>/g) ?? []) {
        if (/TargetMode\s*=\s*["']External["']/.test(rel) && !/Type\s*=\s*["'][^"']*\/hyperlink["']/.test(rel)) {
          found.add(`a linked ${/Type\s*=\s*["'][^"']*\/(\w+)["']/.exec(rel)?.[1] ?? 'part'}`);
        }
      }
    } else if (/^(word\/document|xl\/worksheets\/[^/]+)\.xml$/.test(name)) {
      const xml = zip.text(name, 32 * 1024 * 1024) ?? '';
      if (/INCLUDEPICTURE|INCLUDETEXT/.test(xml)) found.add('an included picture or text');
      if (/WEBSERVICE\s*\(/i.test(xml)) found.add('a WEBSERVICE formula');
    }
  }
  if (found.size > 0) {
    throw new ConversionError(
      ConversionErrorCode.ExternalContent,
      `This ${format} file links to content outside it (${[...found].join(', ')}), which this server does not fetch: embed it in the file and try again`,
    );
  }
}
