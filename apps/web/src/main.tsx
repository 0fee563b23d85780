import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "react-toastify/ReactToastify.css";
import "./app/index.css";
import { App } from "./app/app";
import { API_BASE, API_TIMEOUT_MS } from "./lib/api-client";
import { sendEarlyReads } from "./lib/early-reads";
import { askBeforeUnloadWhileMessagesWait, getToken } from "./lib/storage";
import { isTokenValid } from "./lib/token";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");
askBeforeUnloadWhileMessagesWait();
// Before React draws: a signed-in page's first reads go while the signed-in screens' code downloads.
const token = getToken();
if (isTokenValid(token)) sendEarlyReads(API_BASE, API_TIMEOUT_MS, window.location.pathname, token);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
