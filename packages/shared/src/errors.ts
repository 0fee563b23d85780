/** Body of every error answer (design.md): a message, and field details on 400. */
export interface ApiErrorBody {
  message: string;
  errors?: { field: string; message: string }[];
  /** A machine-readable reason, where the client acts on it (e.g. EXTERNAL_EMAIL_IN_USE_CODE). */
  code?: string;
}

export interface MessageResponse {
  message: string;
}
