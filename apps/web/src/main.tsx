import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "react-toastify/ReactToastify.css";
import "./app/index.css";
import { App } from "./app/app";

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
