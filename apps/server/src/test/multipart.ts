/** A multipart/form-data body as a browser's FormData would send it, for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string | { bytes: Buffer; name: string; type: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const request = new Request("http://flik.test/", { method: "POST", body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { "content-type": request.headers.get("content-type") ?? "" },
  };
}
