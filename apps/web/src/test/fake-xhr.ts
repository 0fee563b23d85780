import { waitUntil } from "./wait";

/** Records what the uploader does with XMLHttpRequest and lets a test play the host's part. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = "";
  aborted = false;
  upload = { onprogress: null as ((event: Partial<ProgressEvent>) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === "string" ? body : JSON.stringify(body);
    this.onload?.();
  }
}

/** The upload sent last, for code that sends it at once (the uploader itself). */
export function lastUpload(): FakeXhr {
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error("No upload was sent");
  return xhr;
}

/**
 * The upload a screen sent, once it has: cropping or reading the file before the request is async, and
 * on a busy machine it may not have happened by the time the click that started it resolves.
 */
export function sentUpload(): Promise<FakeXhr> {
  return waitUntil(() => {
    const xhr = FakeXhr.last;
    if (!xhr?.body) throw new Error("No upload was sent");
    return xhr;
  });
}
