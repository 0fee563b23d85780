/** Body of every error answer (design.md): a message, and field details on 400. */
export interface ApiErrorBody {
  message: string;
  errors?: { field: string; message: string }[];
}

export interface MessageResponse {
  message: string;
}
