import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "react-toastify/ReactToastify.css";
import "./app/index.css";
import { App } from "./app/app";
import { askBeforeUnloadWhileMessagesWait } from "./lib/storage";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");
askBeforeUnloadWhileMessagesWait();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
