import { PGlite } from "@electric-sql/pglite";
const extra = process.argv.slice(3);
const t1 = performance.now();
const db = new PGlite(process.argv[2], extra.length ? { startParams: [...PGlite.defaultStartParams ?? [], ...extra] } : {});
await db.waitReady;
const t2 = performance.now();
const r = await db.query("show shared_buffers");
console.log(extra.join(" "), "open ms", Math.round(t2 - t1), r.rows);
await db.close();
