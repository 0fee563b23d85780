/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SOCKET_URL?: string;
  /** The media host, e.g. https://api.cloudinary.com/v1_1/<cloud>; default: the built-in host. */
  readonly VITE_MEDIA_UPLOAD_BASE?: string;
  /** The unsigned upload preset; default "flik". */
  readonly VITE_MEDIA_UPLOAD_PRESET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
