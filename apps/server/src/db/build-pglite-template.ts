import { writePgliteTemplate } from "./pglite-template.js";

const file = await writePgliteTemplate();
console.log(`PGlite template: ${file}`);
